import { screen, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { expect, it } from 'vitest'
import { proxyAnswers, renderConsole, sandboxForEachTest } from '../test/render-console'
import { seedAccount, seedTransactions, transaction } from '../test/seed'

const { server, sandbox } = sandboxForEachTest()

/** The console in proxy mode on an account with one transaction, on screen; returns the page's header. */
async function consoleByProxyOnAnAccount() {
  const account = await seedAccount(sandbox)
  await seedTransactions(sandbox, account.resourceId, [transaction({ transactionDetails: 'Coffee' })])
  server.use(...proxyAnswers())
  renderConsole(`?account=${account.resourceId}`, 'proxy')
  // The page's own, taken before the view's header comes (happy-dom counts that one a banner too).
  const header = screen.getByRole('banner')
  expect(await screen.findByText('Coffee')).toBeDefined()
  return header
}

it('the header says the proxy is not answering while it gives no answer, and no more once it does', async () => {
  const header = await consoleByProxyOnAnAccount()
  expect(within(header).queryByText('Proxy not answering')).toBeNull()

  // npm start stops: nothing on the page's origin answers, and the next read (a Status click) gets nothing.
  server.use(http.all(`${location.origin}/*`, () => HttpResponse.error()))
  screen.getByRole('radio', { name: 'both' }).click()
  expect(await within(header).findByText('Proxy not answering')).toBeDefined()

  // It starts again: the console asks until it answers, and nobody clicks anything.
  server.resetHandlers()
  server.use(...proxyAnswers())
  // (The console asks every two seconds: a wait longer than findBy's default.)
  await expect.poll(() => within(header).queryByText('Proxy not answering'), { timeout: 20_000 }).toBeNull()
})

it('an idle console learns from its poll of the conditions that the proxy stopped, and that it is back', async () => {
  const header = await consoleByProxyOnAnAccount()

  // npm start stops, and nobody clicks: only the poll of the proxy's conditions (every 5 s) asks anything.
  server.use(http.all(`${location.origin}/*`, () => HttpResponse.error()))
  await expect
    .poll(() => within(header).queryByText('Proxy not answering'), { timeout: 20_000 })
    .not.toBeNull()

  server.resetHandlers()
  server.use(...proxyAnswers())
  await expect.poll(() => within(header).queryByText('Proxy not answering'), { timeout: 20_000 }).toBeNull()
  expect(screen.getByText('Coffee')).toBeDefined()
})
