// Copy to offline, in the whole console in proxy mode, the sandbox's real handlers standing in for the proxy:
// every page read, saved as a new scenario exactly as read; a read that fails part-way saves nothing and says
// why in the sandbox's words; and offline mode then offers to load it.
import 'fake-indexeddb/auto'
import { fireEvent, screen, within } from '@testing-library/react'
import { delay, HttpResponse, http } from 'msw'
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { scenarioToLoad } from '../../api'
import { openScenarioLibrary } from '../../app/scenario-library'
import { localToday, type StoredTransaction } from '../../contract'
import { stubLocation } from '../../test/location'
import { apiUrl, proxyAnswers, renderConsole, sandboxForEachTest } from '../../test/render-console'
import { seedAccount, seedTransactions, transaction } from '../../test/seed'

const { server, sandbox } = sandboxForEachTest()
// 207 transactions signed, answered and rendered in the test page: on a busy two-core machine that can take longer
// than vitest's default 5 s without anything being wrong (as src/test/render.tsx says for every component
// test). It bounds how long a failing test takes to fail, nothing else.
vi.setConfig({ testTimeout: 60_000 })
afterEach(() => sessionStorage.clear())

const transactionsPath = apiUrl('/v1/sandbox/card-accounts/:id/transactions')
const byId = (a: StoredTransaction, b: StoredTransaction) =>
  a.cardTransactionId.localeCompare(b.cardTransactionId)

/** An account of 205 booked and 2 pending transactions (two pages of 200), open in proxy mode. */
async function proxyAccount(name: string) {
  const account = await seedAccount(sandbox, { name })
  await seedTransactions(
    sandbox,
    account.resourceId,
    Array.from({ length: 205 }, (_, i) =>
      transaction({
        cardTransactionId: `b-${i + 1}`,
        transactionAmount: { currency: 'NOK', amount: i === 0 ? '-12345678901234.567' : `-${i}.25` },
      }),
    ),
  )
  await seedTransactions(sandbox, account.resourceId, [
    transaction({ cardTransactionId: 'p-1', bookingStatus: 'pending', bookingDate: undefined }),
    transaction({ cardTransactionId: 'p-2', bookingStatus: 'pending', bookingDate: undefined }),
  ])
  server.use(...proxyAnswers())
  renderConsole(`?account=${account.resourceId}&status=both`, 'proxy')
  fireEvent.click(await screen.findByRole('button', { name: 'Copy to offline…' }))
  const dialog = await screen.findByRole('dialog', { name: 'Copy to offline' })
  return { account, dialog, scenario: `${name} (copied ${localToday()})` }
}

describe('Copy to offline', () => {
  it('reads every page, booked and pending, and saves them exactly as read in a new scenario', async () => {
    const { account, dialog, scenario } = await proxyAccount('Everyday')
    expect(dialog.textContent).toContain("Each page is a request that counts against the bank's limits")
    expect(within(dialog).getByLabelText('Scenario name')).toHaveProperty('value', scenario)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy' }))

    await within(dialog).findByText(/^Saved as the scenario/)
    expect(dialog.textContent).toContain(
      `Saved as the scenario ${scenario} in this browser: 1 card account and 207 transactions, read in 2 pages.`,
    )
    expect(within(dialog).queryByText(/could not be kept/)).toBeNull()

    const saved = await openScenarioLibrary().get(scenario)
    const [stored] = (await sandbox.exportSnapshot()).cardAccounts
    expect(saved?.cardAccounts).toHaveLength(1)
    expect(saved?.cardAccounts[0]?.account).toEqual(stored?.account)
    expect([...(saved?.cardAccounts[0]?.transactions ?? [])].sort(byId)).toEqual(
      [...(stored?.transactions ?? [])].sort(byId),
    )
    expect(saved).toMatchObject({ personality: 'console', conditions: { rules: [] } })
    expect(account.resourceId).toBe(stored?.account.resourceId)

    // The switch reloads the page into offline mode.
    const reload = vi.fn()
    stubLocation({ reload })
    onTestFinished(() => {
      vi.unstubAllGlobals()
    })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Switch to offline and load it' }))
    await vi.waitFor(() => expect(reload).toHaveBeenCalledOnce())
    expect(scenarioToLoad.peek()).toBe(scenario)
    expect(localStorage.getItem('sandbox-console.mode')).toBe('offline')
  })

  it('saves nothing when a page fails part-way, and shows the sandbox’s message', async () => {
    const { dialog, scenario } = await proxyAccount('Quota')
    server.use(
      http.get(transactionsPath, ({ request }) =>
        new URL(request.url).searchParams.get('offset') === '200'
          ? HttpResponse.json(
              {
                tppMessages: [
                  {
                    category: 'ERROR',
                    code: 'ACCESS_EXCEEDED',
                    text: 'The access limit of the day is reached.',
                  },
                ],
              },
              { status: 429 },
            )
          : undefined,
      ),
    )
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy' }))
    const alert = await within(dialog).findByRole('alert')
    expect(alert.textContent).toContain(
      'Nothing was copied: the read failed after 200 transactions in 1 page (HTTP 429)',
    )
    expect(alert.textContent).toContain('ACCESS_EXCEEDED The access limit of the day is reached.')
    expect(await openScenarioLibrary().named(scenario)).toBeUndefined()
  })

  it('stops on Cancel and saves nothing', async () => {
    const { dialog, scenario } = await proxyAccount('Slow')
    server.use(
      http.get(transactionsPath, async ({ request }) => {
        if (new URL(request.url).searchParams.get('offset') === '200') await delay('infinite')
        return undefined
      }),
    )
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy' }))
    await within(dialog).findByText(/^Read 200 transactions in 1 page…/)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await within(dialog).findByText('Cancelled after reading 200 transactions in 1 page: nothing was saved.')
    expect(await openScenarioLibrary().named(scenario)).toBeUndefined()
  })

  it('names what it could not keep rather than dropping it silently', async () => {
    const { dialog } = await proxyAccount('Text pending')
    server.use(
      // No links: read by offset until a page comes back empty.
      http.get(transactionsPath, ({ request }) =>
        HttpResponse.json({
          cardTransactions:
            new URL(request.url).searchParams.get('offset') === '0'
              ? {
                  booked: [transaction({ cardTransactionId: 'b-1' })],
                  pending: ['p-9 2026-01-03 -7.5 NOK 5411'],
                }
              : { booked: [], pending: [] },
        }),
      ),
    )
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy' }))
    await within(dialog).findByText(/^Saved as the scenario/)
    expect(dialog.textContent).toContain('1 card account and 1 transaction, read in 2 pages')
    expect(dialog.textContent).toContain('1 transaction read could not be kept')
    expect(dialog.textContent).toContain('pending element 1: sent as the text "p-9 2026-01-03 -7.5 NOK 5411"')
  })

  it('refuses a name that is taken before reading anything', async () => {
    const { dialog } = await proxyAccount('Taken')
    const name = within(dialog).getByLabelText('Scenario name')
    fireEvent.change(name, { target: { value: 'Empty private customer' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy' }))
    await within(dialog).findByText('Nothing was read; choose another name.')
    // In words alone: the clash is this browser's list's, no sandbox's answer with a code.
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'A scenario named "Empty private customer" exists already: choose another name.',
    )
  })

  it('says in words that a scenario needs a name, before reading anything', async () => {
    const { dialog } = await proxyAccount('Nameless')
    const reads = vi.fn()
    const onRequest = ({ request }: { request: Request }) => {
      if (request.url.includes('/transactions')) reads()
    }
    server.events.on('request:start', onRequest)
    onTestFinished(() => server.events.removeListener('request:start', onRequest))
    fireEvent.change(within(dialog).getByLabelText('Scenario name'), { target: { value: '' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy' }))
    await within(dialog).findByText('Nothing was read; choose another name.')
    expect(within(dialog).getByRole('alert').textContent).toBe('A scenario needs a name')
    expect(reads).not.toHaveBeenCalled()
  })
})
