// A link made in Proxy mode, opened in Offline mode: the consent names every setting the link will set in
// Proxy mode (where the conditions are the proxy's, for every tab), and after the reload it applies only
// what was agreed to, asking again otherwise.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render as renderOnly, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import type { ShareLink } from '../../contract'
import { browserAsksBeforeLeaving } from '../../test/leaving'
import { stubLocation } from '../../test/location'
import { installModalDialogs } from '../../test/modal-dialog'
import { encodeShareLink } from './link-codec'
import { SharedLinkOpener } from './SharedLinkOpener'
import type { ShareSettings } from './share-link'

installModalDialogs()

/** What the Signature switch reads again, set in place, is the query client's. */
const render = (ui: ReactNode) =>
  renderOnly(<QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>)

const saved: unknown[] = []
const clocksSet: unknown[] = []
const tamperWrite = vi.fn()
let saveFails = false
let here: ShareSettings

vi.mock('./use-share-settings', () => ({ useShareSettings: () => ({ ready: true, ...here }) }))
vi.mock('../../api', async (original) => ({
  ...(await original<typeof import('../../api')>()),
  useSetSandboxClock: () => ({ mutateAsync: async (clock: unknown) => clocksSet.push(clock) }),
  useApiClient: () => ({ settings: { tamper: { write: tamperWrite } } }),
}))
vi.mock('../conditions', () => ({
  useSaveConditions: () => ({
    mutateAsync: async (conditions: unknown) => {
      if (saveFails) throw new Error('the proxy said no')
      saved.push(conditions)
    },
  }),
}))

const PROXY_RULES = {
  rules: [{ id: 'p', operation: 'listTransactions', kind: 'error', status: 503, probability: 1, seed: 1 }],
} as ShareSettings['conditions']

const link: ShareLink = {
  version: 1,
  mode: 'proxy',
  view: '',
  tamper: null,
  clock: null,
  conditions: { rules: [] },
  redacted: true,
}

let fragment: string
const reload = vi.fn()

beforeEach(async () => {
  const encoded = await encodeShareLink(link)
  if (!encoded.ok) throw new Error('too long')
  fragment = encoded.fragment
  saved.length = 0
  clocksSet.length = 0
  tamperWrite.mockClear()
  saveFails = false
  reload.mockClear()
  sessionStorage.clear()
  stubLocation({ reload, hash: '', pathname: '/', search: '' })
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

it('before a switch to Proxy mode, lists the conditions it will set there, though Offline has the same', async () => {
  // Offline has no conditions, as the link: computed here, nothing about them would be listed.
  here = { mode: 'offline', tamper: null, clock: null, conditions: { rules: [] }, personality: 'console' }
  let askedAtReload: boolean | undefined
  const onSwitchMode = vi.fn(async () => {
    // As a switch to Proxy mode lets the offline worker go first: the page reloads a moment later.
    await new Promise((resolve) => setTimeout(resolve))
    askedAtReload = browserAsksBeforeLeaving()
  })
  render(<SharedLinkOpener fragment={fragment} onSwitchMode={onSwitchMode} />)
  const dialog = await screen.findByRole('dialog', { name: 'Open the shared view?' })
  const items = within(dialog)
    .getAllByRole('listitem')
    .map((item) => item.textContent)
  expect(items).toEqual([
    'Mode: Offline → Proxy',
    'Conditions: as Proxy mode has it → none',
    'Signature: as Proxy mode has it → signed correctly',
  ])
  expect(dialog.textContent).toContain("where the conditions are the proxy's, for every tab")
  await userEvent.click(within(dialog).getByRole('button', { name: 'Change and open' }))
  expect(onSwitchMode).toHaveBeenCalledWith('proxy')
  // A reload the user asked for: the browser does not ask "Leave site?" on top.
  await vi.waitFor(() => expect(askedAtReload).toBe(false))
})

it('after the reload, applies what was agreed to: the proxy conditions cleared as listed', async () => {
  here = { mode: 'offline', tamper: null, clock: null, conditions: { rules: [] }, personality: 'console' }
  const first = render(<SharedLinkOpener fragment={fragment} onSwitchMode={async () => {}} />)
  await userEvent.click(await screen.findByRole('button', { name: 'Change and open' }))
  first.unmount()

  here = { mode: 'proxy', tamper: null, clock: null, conditions: PROXY_RULES, personality: null }
  render(<SharedLinkOpener fragment={fragment} onSwitchMode={async () => {}} />)
  // Applied without a click: the conditions it listed, in the mode it listed them for, in place.
  await vi.waitFor(() => expect(saved).toEqual([{ rules: [] }]))
  await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  expect(reload).not.toHaveBeenCalled()
})

it('opens the view unasked when the reload left the mode it was for as it was: no loop', async () => {
  const encoded = await encodeShareLink({ ...link, view: '?account=acc-1' })
  if (!encoded.ok) throw new Error('too long')
  here = { mode: 'offline', tamper: null, clock: null, conditions: { rules: [] }, personality: 'console' }
  const first = render(<SharedLinkOpener fragment={encoded.fragment} onSwitchMode={async () => {}} />)
  await userEvent.click(await screen.findByRole('button', { name: 'Change and open' }))
  first.unmount()

  // The page came back in Offline mode all the same: switching again would only come back here again.
  const onSwitchMode = vi.fn(async () => {})
  const replaceState = vi.spyOn(history, 'replaceState')
  render(<SharedLinkOpener fragment={encoded.fragment} onSwitchMode={onSwitchMode} />)
  await vi.waitFor(() =>
    expect(replaceState).toHaveBeenCalledWith(null, '', expect.stringContaining('account=acc-1')),
  )
  replaceState.mockRestore()
  expect(screen.queryByRole('dialog')).toBeNull()
  expect(onSwitchMode).not.toHaveBeenCalled()
})

it('after the reload, asks again when there is more to change than was agreed to', async () => {
  // Agreed to before the switch as the console stored it until now: the link alone, not what was listed
  // (computed in Offline mode, where nothing about the proxy's conditions was).
  sessionStorage.setItem('sandbox-console.share-accepted', fragment)
  here = { mode: 'proxy', tamper: null, clock: null, conditions: PROXY_RULES, personality: null }
  render(<SharedLinkOpener fragment={fragment} onSwitchMode={async () => {}} />)
  const dialog = await screen.findByRole('dialog', { name: 'Open the shared view?' })
  expect(within(dialog).getByRole('listitem').textContent).toMatch(/^Conditions: .* → none$/)
  expect(saved).toEqual([])
  expect(reload).not.toHaveBeenCalled()
})

it('sets the Signature and the clock the link asks for in place, without a reload', async () => {
  const frozen = { setting: { kind: 'frozen', date: '2026-11-01' }, settlePendingAfterDays: null } as const
  const encoded = await encodeShareLink({ ...link, tamper: 'bad-signature', clock: frozen })
  if (!encoded.ok) throw new Error('too long')
  here = {
    mode: 'proxy',
    tamper: null,
    clock: { setting: { kind: 'follows', offsetDays: 0 }, settlePendingAfterDays: null },
    conditions: { rules: [] },
    personality: null,
  }
  render(<SharedLinkOpener fragment={encoded.fragment} onSwitchMode={async () => {}} />)
  const dialog = await screen.findByRole('dialog', { name: 'Open the shared view?' })
  expect(within(dialog).queryByText(/^Switching the mode/)).toBeNull()
  await userEvent.click(within(dialog).getByRole('button', { name: 'Change and open' }))
  await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  expect(tamperWrite).toHaveBeenCalledWith('bad-signature')
  expect(clocksSet).toEqual([frozen])
  expect(saved).toEqual([])
  expect(reload).not.toHaveBeenCalled()
})

it('says why the changes could not be applied, and asks again', async () => {
  saveFails = true
  here = { mode: 'proxy', tamper: null, clock: null, conditions: PROXY_RULES, personality: null }
  render(<SharedLinkOpener fragment={fragment} onSwitchMode={async () => {}} />)
  const dialog = await screen.findByRole('dialog', { name: 'Open the shared view?' })
  await userEvent.click(within(dialog).getByRole('button', { name: 'Change and open' }))
  expect((await within(dialog).findByRole('alert')).textContent).toBe(
    'Could not apply them: the proxy said no',
  )
  expect(within(dialog).getByRole('button', { name: 'Change and open' })).toHaveProperty('disabled', false)
  expect(reload).not.toHaveBeenCalled()
})

it('says why a damaged link cannot be opened, and closes', async () => {
  here = { mode: 'proxy', tamper: null, clock: null, conditions: PROXY_RULES, personality: null }
  const damaged = `${fragment.slice(0, fragment.indexOf('=') + 1)}!!`
  render(<SharedLinkOpener fragment={damaged} onSwitchMode={async () => {}} />)
  const dialog = await screen.findByRole('dialog', { name: 'This link cannot be opened' })
  expect(within(dialog).getByText(/^The console cannot read this link/).textContent).toBe(
    'The console cannot read this link: the link is cut short or damaged (copy it again, whole).',
  )
  // The footer's Close, after the title bar's ×.
  const close = within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)
  if (!close) throw new Error('no Close button')
  await userEvent.click(close)
  expect(screen.queryByRole('dialog')).toBeNull()
})
