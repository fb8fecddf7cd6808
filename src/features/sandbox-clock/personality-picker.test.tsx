// Offline, the Sandbox clock panel's "Bank to behave like": a personality, a profile a check learned (named
// by where it was learned), or a profile file; a file that is not one, or one the offline sandbox cannot
// serve, is refused in words and the choice kept.
import { screen, within } from '@testing-library/react'
import { afterEach, expect, it, vi } from 'vitest'
import { readOfflinePersonality, writeOfflinePersonality } from '../../api'
import { personalitySummaries } from '../../contract'
import { bankProfileFileOf, personalityProfiles } from '../../contract/bank-profile'
import { stubLocation } from '../../test/location'
import { startConsole } from '../../test/render'
import { ClockDialog } from './ClockDialog'

const learned = bankProfileFileOf(
  { ...personalityProfiles.platform, amounts: 'number' },
  { source: 'https://bank.example/api-sandbox', learnedAt: '2026-11-26T10:00:05.000Z' },
)
const LEARNED_LABEL = /^Learned from https:\/\/bank\.example\/api-sandbox, 2026-11-26 \d\d:\d\d$/

const reload = vi.fn()

afterEach(() => {
  vi.unstubAllGlobals()
  reload.mockClear()
})

async function openPicker() {
  const app = await startConsole()
  // The picker applies a choice by reloading the page: the worker's handlers take their shape at start.
  stubLocation({ reload })
  app.render(<ClockDialog offline onClose={() => {}} />)
  const dialog = within(await screen.findByRole('dialog', { name: /^Sandbox clock( and bank)?$/ }))
  const picker = dialog.getByRole('combobox', {
    name: 'Bank to behave like (personality)',
  }) as HTMLSelectElement
  const upload = (name: string, content: string) =>
    app.user.upload(
      dialog.getByLabelText('Bank profile file'),
      new File([content], name, { type: 'application/json' }),
    )
  return { ...app, dialog, picker, upload }
}

const chosen = (picker: HTMLSelectElement) => picker.selectedOptions[0]?.textContent ?? ''

it("says the chosen bank's shape in full under the list, which cuts a long option short", async () => {
  writeOfflinePersonality('platform')
  const { dialog } = await openPicker()
  expect(
    dialog.getByText(
      `platform: ${personalitySummaries.platform}. The in-browser sandbox takes this bank's shape; the page reloads.`,
    ),
  ).toBeDefined()
})

it('shows the profile offline behaves like as one more choice, named by where it was learned', async () => {
  writeOfflinePersonality(learned)
  const { user, picker } = await openPicker()
  expect(chosen(picker)).toMatch(LEARNED_LABEL)
  expect([...picker.options].map((option) => option.value)).toEqual([
    'console',
    'platform',
    'booked-only',
    'number-amounts',
    'pending-strings',
    'extra-fields',
    'absolute-links',
    'small-pages',
    'profile-0',
  ])
  await user.selectOptions(picker, 'platform')
  expect(readOfflinePersonality()).toBe('platform')
  expect(reload).toHaveBeenCalledOnce()
})

it("offers each sandbox's last check, and takes it", async () => {
  localStorage.setItem('sandbox-console.probe-last', JSON.stringify({ [learned.source ?? '']: learned }))
  const { user, picker } = await openPicker()
  expect(chosen(picker)).toMatch(/^console: /)
  const option = [...picker.options].find((o) => LEARNED_LABEL.test(o.textContent ?? ''))
  await user.selectOptions(picker, option as HTMLOptionElement)
  expect(readOfflinePersonality()).toEqual(learned)
  expect(reload).toHaveBeenCalledOnce()
})

it('loads a profile file, and offline then behaves like it', async () => {
  const { upload } = await openPicker()
  await upload('bank.json', JSON.stringify(learned))
  await vi.waitFor(() => expect(reload).toHaveBeenCalledOnce())
  expect(readOfflinePersonality()).toEqual(learned)
})

it('refuses a file that is no profile, or one offline cannot serve, saying why and keeping the choice', async () => {
  writeOfflinePersonality('booked-only')
  const { dialog, upload } = await openPicker()
  const refusal = async () => (await dialog.findByRole('alert')).textContent

  await upload('cut.json', JSON.stringify(learned).slice(0, 40))
  expect(await refusal()).toBe(
    'cut.json was not imported; nothing changed.The file looks cut off: it ends before the JSON is complete.Dismiss',
  )
  await upload('scenario.json', JSON.stringify({ format: 'sandbox-console', version: 3, kind: 'scenario' }))
  expect(await refusal()).toContain(
    'The file is a scenario; this import reads a bank profile. Import it with Import scenario… under Scenarios… (Offline mode).',
  )
  await upload('typo.json', JSON.stringify({ ...learned, traits: { ...learned.traits, amounts: 'text' } }))
  expect(await refusal()).toContain(
    'traits.amounts: Invalid option: expected one of "string"|"number"|"unknown"',
  )
  await upload(
    'contradiction.json',
    JSON.stringify({
      ...learned,
      traits: { ...learned.traits, pageSizeDefault: 50, pageCap: { max: 25, above: 'lowered' } },
    }),
  )
  expect(await refusal()).toContain(
    'The offline sandbox cannot behave so yet: pageSizeDefault 50 is above the page cap of 25',
  )
  expect(readOfflinePersonality()).toBe('booked-only')
  expect(reload).not.toHaveBeenCalled()
})

it('offline behaving like a bank without a clock says so, and where to choose one that has it', async () => {
  const app = await startConsole({ personality: 'platform' })
  app.render(<ClockDialog offline onClose={() => {}} />)
  const dialog = within(await screen.findByRole('dialog', { name: /^Sandbox clock( and bank)?$/ }))
  expect((await dialog.findByRole('status')).textContent).toMatch(
    /^The offline sandbox behaves like a bank with no clock and no settlement \(.* HTTP 404 .*\): choose the console's behaviour under Sandbox clock and bank… to have them\.$/,
  )
  // The choice that brings them back is right there.
  expect(dialog.getByRole('combobox', { name: 'Bank to behave like (personality)' })).toBeDefined()
})
