import { screen } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { expect, it } from 'vitest'
import { problem } from '../contract'
import { apiUrl, renderConsole, sandboxForEachTest } from '../test/render-console'
import { seedAccount } from '../test/seed'

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
