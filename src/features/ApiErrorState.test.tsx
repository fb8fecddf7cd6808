import { screen } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { expect, it } from 'vitest'
import { problem } from '../contract'
import { apiUrl, proxyAnswers, renderConsole, sandboxForEachTest } from '../test/render-console'
import { seedAccount, seedTransactions, transaction } from '../test/seed'

const { server, sandbox } = sandboxForEachTest()

it("shows the answer's Retry-After on the error panel of a 503", async () => {
  const account = await seedAccount(sandbox)
  const unavailable = problem(503, 'SERVICE_UNAVAILABLE', 'The service is unavailable; try again later')
  server.use(
    http.get(apiUrl('/v1/sandbox/card-accounts/:id/transactions'), () =>
      HttpResponse.json(
        { tppMessages: unavailable.messages },
        { status: 503, headers: { 'Retry-After': '30' } },
      ),
    ),
  )
  renderConsole(`?account=${account.resourceId}`)
  expect(await screen.findByText(/Could not load .*\(HTTP 503\)/)).toBeDefined()
  expect(screen.getByText('The server asks to retry after 30 seconds (Retry-After: 30).')).toBeDefined()
})

it('reads again by itself, every failed panel, once a proxy that gave no answer answers again', async () => {
  const account = await seedAccount(sandbox)
  await seedTransactions(sandbox, account.resourceId, [
    transaction({ transactionDetails: 'Coffee before the restart' }),
  ])
  // A stopped proxy: nothing on the page's origin answers, not even the proxy's own endpoints.
  server.use(http.all(`${location.origin}/*`, () => HttpResponse.error()))
  renderConsole(`?account=${account.resourceId}`, 'proxy')
  // The account is not asked for while the list that may name it got no answer (src/app/App.tsx).
  const opening = `Could not open card account ${account.resourceId}`
  expect(await screen.findByText(opening)).toBeDefined()
  expect(screen.getByText('Could not load card accounts')).toBeDefined()
  expect(
    screen.getAllByText(/The console reads again by itself as soon as the proxy answers\.$/).length,
  ).toBeGreaterThan(0)

  // The proxy starts again: the sandbox's answers and its own endpoints come back, and nobody clicks Retry.
  server.resetHandlers()
  server.use(...proxyAnswers())
  expect(await screen.findByText('Coffee before the restart', {}, { timeout: 20_000 })).toBeDefined()
  expect(screen.queryByText(opening)).toBeNull()
  expect(screen.queryByText('Could not load card accounts')).toBeNull()
})
