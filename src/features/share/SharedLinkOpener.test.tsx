// A link opened against the real client and sandbox: what it sets goes over the wire, signed as the console
// signs, so the order it is applied in is seen here as a user would see it.
import { screen, within } from '@testing-library/react'
import { afterEach, expect, it, vi } from 'vitest'
import { readOfflinePersonality } from '../../api'
import { personalitySummaries, type ShareLink } from '../../contract'
import { browserAsksBeforeLeaving } from '../../test/leaving'
import { stubLocation } from '../../test/location'
import { startConsole } from '../../test/render'
import { ClockBadge } from '../sandbox-clock'
import { encodeShareLink } from './link-codec'
import { SharedLinkOpener } from './SharedLinkOpener'

// The stubbed location must not reach the files after this one in the worker.
afterEach(() => {
  vi.unstubAllGlobals()
})

/**
 * The fragment of `link`, on a page whose reload is a spy the test reads: it returns whether the browser
 * would ask "Leave site?" first, and leaves the page where it is, as the user's Stay would.
 */
async function linkOnThisPage(link: ShareLink) {
  const reload = vi.fn(browserAsksBeforeLeaving)
  stubLocation({ reload, hash: '', pathname: '/', search: '' })
  const encoded = await encodeShareLink(link)
  if (!encoded.ok) throw new Error('too long')
  return { reload, fragment: encoded.fragment }
}

it('moves the clock a link asks for before it spoils the Signature the link also asks for', async () => {
  const { reload, fragment } = await linkOnThisPage({
    version: 1,
    mode: 'offline',
    view: '',
    tamper: 'bad-signature',
    clock: { setting: { kind: 'follows', offsetDays: 2 }, settlePendingAfterDays: null },
    conditions: null,
    redacted: true,
  })
  const app = await startConsole()
  app.render(
    <>
      <ClockBadge onOpen={() => {}} show="badge" />
      <SharedLinkOpener fragment={fragment} onSwitchMode={async () => {}} />
    </>,
  )

  const dialog = await screen.findByRole('dialog', { name: 'Open the shared view?' })
  await app.user.click(within(dialog).getByRole('button', { name: 'Change and open' }))

  // Both set in place: the badge and the switch follow, no reload needed (nor a "Leave site?" for one).
  await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  expect((await screen.findByRole('button', { name: /^Clock / })).textContent).toBe('Clock +2 days')
  expect((screen.getByRole('combobox', { name: 'Signature' }) as HTMLSelectElement).value).toBe(
    'bad-signature',
  )
  expect(reload).not.toHaveBeenCalled()
})

it('names the bank personality a link was made in, and sets it here once asked', async () => {
  const { reload, fragment } = await linkOnThisPage({
    version: 2,
    mode: 'offline',
    view: '',
    tamper: null,
    clock: null,
    conditions: null,
    personality: 'booked-only',
    redacted: true,
  })
  const app = await startConsole()
  app.render(<SharedLinkOpener fragment={fragment} onSwitchMode={async () => {}} />)

  const dialog = await screen.findByRole('dialog', { name: 'Open the shared view?' })
  expect(within(dialog).getByRole('listitem').textContent).toBe(
    `Bank personality: console: ${personalitySummaries.console} → booked-only: ${personalitySummaries['booked-only']}`,
  )
  expect(readOfflinePersonality()).toBe('console')
  await app.user.click(within(dialog).getByRole('button', { name: 'Change and open' }))

  // The offline sandbox takes its personality at start: set, then the page reloads, unquestioned: the user
  // asked for it.
  await vi.waitFor(() => expect(reload).toHaveBeenCalled())
  expect(reload).toHaveReturnedWith(false)
  expect(readOfflinePersonality()).toBe('booked-only')
  // Were the reload cancelled all the same, the question stays as it was, every button usable.
  expect(within(dialog).getByRole('listitem').textContent).toBe(
    `Bank personality: console: ${personalitySummaries.console} → booked-only: ${personalitySummaries['booked-only']}`,
  )
  for (const button of within(dialog).getAllByRole('button')) expect(button).toHaveProperty('disabled', false)
})
