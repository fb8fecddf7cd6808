// @vitest-environment jsdom
// A link made in Proxy mode, opened in Offline mode: the consent names every setting the link will set in
// Proxy mode (where the conditions are the proxy's, for every tab), and after the reload it applies only
// what was agreed to, asking again otherwise.
import { Blob as NodeBlob } from 'node:buffer'
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import type { ShareLink } from '../../contract'
import { installModalDialogs } from '../../test/modal-dialog'
import { encodeShareLink } from './link-codec'
import { SharedLinkOpener } from './SharedLinkOpener'
import type { ShareSettings } from './share-link'

installModalDialogs()

const saved: unknown[] = []
let here: ShareSettings

vi.mock('./use-share-settings', () => ({ useShareSettings: () => ({ ready: true, ...here }) }))
vi.mock('../../api', async (original) => ({
  ...(await original<typeof import('../../api')>()),
  useSetSandboxClock: () => ({ mutateAsync: async () => {} }),
  useApiClient: () => ({ settings: { tamper: { write: vi.fn() } } }),
}))
vi.mock('../conditions', () => ({
  useSaveConditions: () => ({ mutateAsync: async (conditions: unknown) => saved.push(conditions) }),
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
  // The link's codec streams through a Blob, which jsdom's lacks.
  vi.stubGlobal('Blob', NodeBlob)
  const encoded = await encodeShareLink(link)
  if (!encoded.ok) throw new Error('too long')
  fragment = encoded.fragment
  saved.length = 0
  reload.mockClear()
  sessionStorage.clear()
  vi.stubGlobal('location', { ...window.location, reload, hash: '', pathname: '/', search: '' })
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

it('before a switch to Proxy mode, lists the conditions it will set there, though Offline has the same', async () => {
  // Offline has no conditions, as the link: computed here, nothing about them would be listed.
  here = { mode: 'offline', tamper: null, clock: null, conditions: { rules: [] } }
  const onSwitchMode = vi.fn(async () => {})
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
})

it('after the reload, applies what was agreed to: the proxy conditions cleared as listed', async () => {
  here = { mode: 'offline', tamper: null, clock: null, conditions: { rules: [] } }
  const first = render(<SharedLinkOpener fragment={fragment} onSwitchMode={async () => {}} />)
  await userEvent.click(await screen.findByRole('button', { name: 'Change and open' }))
  first.unmount()

  here = { mode: 'proxy', tamper: null, clock: null, conditions: PROXY_RULES }
  render(<SharedLinkOpener fragment={fragment} onSwitchMode={async () => {}} />)
  await vi.waitFor(() => expect(reload).toHaveBeenCalled())
  // Applied without a click: the conditions it listed, in the mode it listed them for.
  expect(saved).toEqual([{ rules: [] }])
})

it('after the reload, asks again when there is more to change than was agreed to', async () => {
  // Agreed to before the switch as the console stored it until now: the link alone, not what was listed
  // (computed in Offline mode, where nothing about the proxy's conditions was).
  sessionStorage.setItem('sandbox-console.share-accepted', fragment)
  here = { mode: 'proxy', tamper: null, clock: null, conditions: PROXY_RULES }
  render(<SharedLinkOpener fragment={fragment} onSwitchMode={async () => {}} />)
  const dialog = await screen.findByRole('dialog', { name: 'Open the shared view?' })
  expect(within(dialog).getByRole('listitem').textContent).toMatch(/^Conditions: .* → none$/)
  expect(saved).toEqual([])
  expect(reload).not.toHaveBeenCalled()
})
