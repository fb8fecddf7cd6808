// The console token travels as a request header the page adds (never a cookie or a URL): from index.html's
// <meta> on loopback, else pasted by the user when the server refuses the page.
import { fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { consoleFetch } from '../../api/console-secret'
import { createRequestLog, type RequestLogEntry } from '../../api/request-log'
import { createTransport } from '../../api/transport'
import { CONSOLE_SECRET_META } from '../../contract'
import { installModalDialogs } from '../../test/modal-dialog'
import { ConsoleSecretPrompt } from './ConsoleSecretPrompt'

const URL = 'http://console.test/api/v1/sandbox/card-accounts'
const refused = () =>
  new Response(
    JSON.stringify({ tppMessages: [{ category: 'ERROR', code: 'FORMAT_ERROR', path: 'X-Console-Secret' }] }),
    { status: 403, headers: { 'content-type': 'application/json' } },
  )
const sentSecret = (fetch: ReturnType<typeof vi.fn>) =>
  new Headers((fetch.mock.calls[0]?.[1] as RequestInit | undefined)?.headers).get('X-Console-Secret')

beforeAll(installModalDialogs)

afterEach(() => {
  vi.unstubAllGlobals()
  localStorage.clear()
  document.head.innerHTML = ''
})

describe('the console secret', () => {
  it("sends index.html's secret as a header, and the request log never holds it", async () => {
    document.head.innerHTML = `<meta name="${CONSOLE_SECRET_META}" content="c0ffee">`
    const fetch = vi.fn(
      async (_input: Request | string, _init?: RequestInit) =>
        new Response('{"cardAccounts":[]}', { headers: { 'content-type': 'application/json' } }),
    )
    vi.stubGlobal('fetch', fetch)
    const log = createRequestLog()
    const transport = createTransport({ mode: 'proxy', log })

    await transport(new Request(URL, { headers: { accept: 'application/json' } }))

    expect(sentSecret(fetch)).toBe('c0ffee')
    const [entry] = log.snapshot() as RequestLogEntry[]
    expect(JSON.stringify(entry)).not.toContain('c0ffee')
  })

  it('asks for the token when the server refuses the page, then sends the pasted one', async () => {
    const fetch = vi.fn(async (_input: Request | string, _init?: RequestInit) => refused())
    vi.stubGlobal('fetch', fetch)
    const onSaved = vi.fn()
    render(<ConsoleSecretPrompt onSaved={onSaved} />)
    expect(screen.queryByRole('dialog')).toBeNull()

    await consoleFetch(URL)
    expect(sentSecret(fetch)).toBeNull()
    const field = await screen.findByLabelText('Token')
    fireEvent.change(field, { target: { value: ' feed42 ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Use this token' }))

    expect(onSaved).toHaveBeenCalledOnce()
    fetch.mockClear()
    await consoleFetch(URL)
    expect(sentSecret(fetch)).toBe('feed42')
    // A stale token (the server restarted) brings the question back.
    expect((await screen.findByLabelText('Token')).tagName).toBe('INPUT')
  })
})
