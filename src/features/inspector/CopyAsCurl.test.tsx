// A request keeps the mode it was sent in: a shared link's proxied request, opened in an offline console,
// is offered as curl for the proxy and the upstream, not described as answered inside this tab.
import { screen } from '@testing-library/react'
import { expect, it } from 'vitest'
import type { RequestLogEntry } from '../../api'
import { startConsole } from '../../test/render'
import { RequestBody } from './RequestBody'

const proxied: RequestLogEntry = {
  kind: 'request',
  id: 1,
  startedAt: 0,
  durationMs: 0,
  method: 'GET',
  url: '/api/v1/sandbox/card-accounts',
  requestHeaders: [['x-request-id', '99391c7e-ad88-49ec-a2ad-99ddcb1f7721']],
  responseHeaders: [],
  status: 200,
}

it('offers a request sent by proxy as curl, in an offline console too', async () => {
  const app = await startConsole()
  app.render(<RequestBody entry={proxied} sentIn="proxy" />)
  expect(screen.getByRole('button', { name: 'Copy as curl' })).toBeDefined()
  expect(screen.queryByText(/^Answered inside this tab/)).toBeNull()
})

it('describes a request answered offline as answered inside the tab, whatever this console is', async () => {
  const app = await startConsole()
  // Named, not read from the client: the components lane shares modules between files, and a mocked
  // client of another file's (SharedLinkOpener.test.tsx) has no mode.
  app.render(<RequestBody entry={proxied} sentIn="offline" />)
  expect(screen.getByText(/^Answered inside this tab by the in-browser sandbox/)).toBeDefined()
  expect(screen.queryByRole('button', { name: 'Copy as curl' })).toBeNull()
})
