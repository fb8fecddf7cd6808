import { screen, within } from '@testing-library/react'
import { expect, it, onTestFinished, vi } from 'vitest'
import { startConsole } from '../../test/render'
import { seedAccount, seedTransactions, transaction } from '../../test/seed'
import { renderTransactionsView } from '../../test/transactions-view'
import { Inspector } from './Inspector'
import { RequestBody } from './RequestBody'

/**
 * The transactions of one account, and the inspector below them: loading the view is two requests, its page
 * and (offline, asked for with it) the chart's summary.
 */
async function showAccount() {
  const app = await startConsole()
  const account = await seedAccount(app.sandbox)
  await seedTransactions(app.sandbox, account.resourceId, [transaction({ cardTransactionId: 'tx-1' })])
  renderTransactionsView(app, account, '', <Inspector />)
  const path = `/api/v1/sandbox/card-accounts/${account.resourceId}/transactions?bookingStatus=booked&offset=0&limit=50`
  await screen.findByRole('cell', { name: 'tx-1' })
  await inspector().findByText('Requests (2)')
  return { ...app, account, path }
}

const inspector = () => within(screen.getByRole('region', { name: 'Request inspector' }))

/** Opens the panel, then the newest request of `operation` in it (a click on its time). */
async function openNewest(
  user: Awaited<ReturnType<typeof startConsole>>['user'],
  operation = 'listTransactions',
) {
  await user.click(inspector().getByText(/^Requests \(\d+\)$/))
  // The entries' code loads as the panel first opens: their items are awaited, not read at once.
  const newest = (await inspector().findAllByRole('listitem')).find(
    (item) => within(item).queryByText(operation, { selector: '.operation-name' }) !== null,
  )
  if (!newest) throw new Error(`no ${operation} request in the inspector`)
  await user.click(within(newest).getByText(/^\d\d:\d\d:\d\d$/))
  return within(newest)
}

/** A header's value in the list that follows the heading `title`. */
function header(entry: ReturnType<typeof within>, title: string, name: string): string | null {
  const list = entry.getByRole('heading', { name: title }).nextElementSibling as HTMLElement
  const term = within(list).getByText(name, { selector: 'dt' })
  return term.nextElementSibling?.textContent ?? null
}

it('lists each request with its operation, method, path and status', async () => {
  const { user, path, account } = await showAccount()
  await user.click(inspector().getByText('Requests (2)'))
  // The entries' code loads as the panel opens.
  const lines = (await inspector().findAllByRole('listitem')).map(
    (item) => item.querySelector('summary')?.textContent,
  )
  const summaryPath = `/api/v1/sandbox-console/card-accounts/${account.resourceId}/summary`
  expect(lines).toEqual(
    expect.arrayContaining([
      expect.stringMatching(new RegExp(`listTransactions GET ${literal(path)} 200 \\d+ ms$`)),
      expect.stringMatching(new RegExp(`summarizeTransactions GET ${literal(summaryPath)} 200 \\d+ ms$`)),
    ]),
  )
})

it('shows the headers as sent, the signature verdict and the answer of an opened request', async () => {
  const { user, path } = await showAccount()
  const entry = await openNewest(user)

  expect(entry.getByText('GET', { selector: 'strong' }).parentElement?.textContent).toMatch(
    new RegExp(`GET ${literal(path)} 200 \\d+ ms$`),
  )
  expect(header(entry, 'Request headers (as sent)', 'x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
  // Offline as by proxy: the console sends it unsigned, and the proxy's stand-in in the offline runtime signs it.
  expect(
    entry.getByRole('heading', { name: 'Signed by the in-browser sandbox, as the proxy signs' }),
  ).toBeDefined()
  expect(header(entry, 'Headers as sent upstream', 'Signature')).toMatch(
    /^keyId="[^"]+",algorithm="rsa-sha256"/,
  )
  expect(entry.getByText(/^✓/).textContent).toBe(
    '✓ verified by the in-browser sandbox (offline test identity)',
  )
  expect(header(entry, 'Response 200 headers', 'content-type')).toMatch(/^application\/json/)
  const body = JSON.parse(
    entry.getByRole('heading', { name: 'Response body' }).nextElementSibling?.textContent ?? '',
  )
  expect(body.cardTransactions.booked).toEqual([expect.objectContaining({ cardTransactionId: 'tx-1' })])
})

it('shows why the sandbox refused a spoiled signature, at the header at fault', async () => {
  const { user } = await showAccount()
  await user.selectOptions(screen.getByRole('combobox', { name: 'Signature' }), 'Bad signature')
  await screen.findByText('Could not load transactions (HTTP 401)')
  const entry = await openNewest(user)

  expect(entry.getByText('GET', { selector: 'strong' }).parentElement?.textContent).toMatch(/ 401 \d+ ms$/)
  expect(entry.getByText(/^✗ Refused/).textContent).toMatch(/^✗ Refused: SIGNATURE_INVALID at Signature — .+/)
  expect(header(entry, 'Headers as sent upstream', 'Signature')).toMatch(/← did not verify$/)
  expect(header(entry, 'Headers as sent upstream', 'Digest')).not.toMatch(/did not verify/)
})

it('offline, says a request answered in the tab cannot be replayed by curl and copies it for the proxy', async () => {
  const { user, path } = await showAccount()
  const entry = await openNewest(user)

  expect(entry.getByText(/^Answered inside this tab/).textContent).toContain('a curl command cannot reach it')
  expect(entry.queryByRole('button', { name: 'Copy as curl' })).toBeNull()
  const writes: string[] = []
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: { writeText: async (text: string) => void writes.push(text) },
  })
  await user.click(entry.getByRole('button', { name: 'Copy as curl for Proxy mode' }))
  expect(writes).toEqual([`curl -X 'GET' '${location.origin}${path}' -H 'accept: application/json'`])
  // "Copied" is set once the clipboard's promise settles, a render after the click's own: awaited, not read
  // at once (read at once, it failed on a loaded machine when React rendered after the click resolved).
  await entry.findByRole('button', { name: 'Copied' })
})

/** `text` as a pattern that matches it literally. */
function literal(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

it('shows the answer as the upstream sent it beside the one whose _links the proxy mapped', async () => {
  const app = await startConsole()
  const entry = {
    kind: 'request' as const,
    id: 1,
    startedAt: 0,
    method: 'GET',
    url: '/api/v1/sandbox/card-accounts/a/transactions?bookingStatus=booked',
    status: 200,
    durationMs: 1,
    requestHeaders: [],
    responseHeaders: [],
    responseBody: '{"_links":{"next":{"href":"/api/v1/sandbox/next"}}}',
  }
  const upstreamBody = '{"_links":{"next":{"href":"https://bank.example/v1/sandbox/next"}}}'
  app.render(
    <>
      <RequestBody entry={{ ...entry, id: 1, linksMapped: { count: 1, upstreamBody } }} />
      <RequestBody entry={{ ...entry, id: 2, linksMapped: { count: 1, upstreamBody: undefined } }} />
    </>,
  )
  const asSent = screen.getByRole('heading', {
    name: /as the upstream sent it: the proxy mapped 1 _links href/,
  })
  expect(asSent.nextElementSibling?.textContent).toContain('https://bank.example/v1/sandbox/next')
  expect(screen.getByText(/mapped 1 _links href onto \/api.*cannot be shown/)).toBeDefined()
})

// docs/decisions.md#console-dates: the console's own times never depend on what the runtime's locale data
// makes of a locale (a browser without en-GB data writes "2:05:09 PM").
it("writes each request's time in the console's one format, whatever the runtime's locale data", async () => {
  const localeTime = vi.spyOn(Date.prototype, 'toLocaleTimeString').mockReturnValue('2:05:09 PM')
  onTestFinished(() => localeTime.mockRestore())
  const { user } = await showAccount()
  await user.click(inspector().getByText('Requests (2)'))
  const times = (await inspector().findAllByRole('listitem')).map(
    (item) => item.querySelector('summary .muted')?.textContent,
  )
  expect(times).toHaveLength(2)
  for (const time of times) expect(time).toMatch(/^\d\d:\d\d:\d\d$/)
  expect(times).not.toContain('2:05:09 PM')
})
