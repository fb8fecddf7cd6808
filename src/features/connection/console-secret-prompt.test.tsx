// The console token travels as a request header the page adds (never a cookie or a URL): from index.html's
// <meta> on loopback, else pasted by the user when the server refuses the page.
import { fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { consoleFetch, onConsoleSecretNeeded, rememberConsoleSecret } from '../../api/console-secret'
import { createRequestLog, type RequestLogEntry } from '../../api/request-log'
import { createTransport } from '../../api/transport'
import { CONSOLE_SECRET_META } from '../../contract'
import { installModalDialogs } from '../../test/modal-dialog'
import { ConsoleSecretPrompt } from './ConsoleSecretPrompt'

const URL = 'http://console.test/api/v1/sandbox/card-accounts'
/** The server's refusal of the page's secret; `stale` when the page sent another start's (server/app.ts). */
const refused = ({ stale = false } = {}) =>
  new Response(
    JSON.stringify({ tppMessages: [{ category: 'ERROR', code: 'FORMAT_ERROR', path: 'X-Console-Secret' }] }),
    {
      status: 403,
      headers: { 'content-type': 'application/json', ...(stale ? { 'X-Console-Secret-Stale': 'true' } : {}) },
    },
  )
const sentSecret = (fetch: ReturnType<typeof vi.fn>) =>
  new Headers((fetch.mock.calls[0]?.[1] as RequestInit | undefined)?.headers).get('X-Console-Secret')

beforeAll(installModalDialogs)

afterEach(() => {
  vi.unstubAllGlobals()
  // A refusal a test left unanswered would be told to the next test's question at once (the page keeps it
  // for a question that loads after it): answered, as the user would.
  rememberConsoleSecret('')
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
    // Answered: a question that loads later (another mount, before the page reloads) does not ask again.
    render(<ConsoleSecretPrompt onSaved={onSaved} />)
    expect(screen.queryByRole('dialog')).toBeNull()
    fetch.mockClear()
    await consoleFetch(URL)
    expect(sentSecret(fetch)).toBe('feed42')
    // A stale token (the server restarted) brings the question back.
    expect((await screen.findByLabelText('Token')).tagName).toBe('INPUT')
  })

  it('a page index.html handed its secret reads the new one there after a restart, sends again, asks nothing', async () => {
    document.head.innerHTML = `<meta name="${CONSOLE_SECRET_META}" content="c0ffee">`
    const sent: { secret: string | null; body: string }[] = []
    const fetch = vi.fn(async (input: Request | string, init?: RequestInit) => {
      if (input === '/') return indexHtml('feed42')
      const secret = new Headers(init?.headers).get('X-Console-Secret')
      sent.push({ secret, body: await (input as Request).text() })
      return secret === 'feed42' ? new Response('{}', { status: 200 }) : refused({ stale: true })
    })
    vi.stubGlobal('fetch', fetch)
    const asked = vi.fn()
    const stopAsking = onConsoleSecretNeeded(asked)
    try {
      const answer = await consoleFetch(new Request(URL, { method: 'POST', body: '{"customerNumber":"1"}' }))

      expect(answer.status).toBe(200)
      expect(sent).toEqual([
        { secret: 'c0ffee', body: '{"customerNumber":"1"}' },
        { secret: 'feed42', body: '{"customerNumber":"1"}' },
      ])
      expect(asked).not.toHaveBeenCalled()
      // Kept: the next request sends the new secret at once.
      await consoleFetch(new Request(URL))
      expect(sent.at(-1)?.secret).toBe('feed42')
      expect(fetch.mock.calls.filter(([input]) => input === '/')).toHaveLength(1)
    } finally {
      stopAsking()
    }
  })

  it('a page whose reads the server answers as stale reads the new secret once, and sends it from then on', async () => {
    document.head.innerHTML = `<meta name="${CONSOLE_SECRET_META}" content="c0ffee">`
    const sent: (string | null)[] = []
    const fetch = vi.fn(async (input: Request | string, init?: RequestInit) => {
      if (input === '/') return indexHtml('feed42')
      const secret = new Headers(init?.headers).get('X-Console-Secret')
      sent.push(secret)
      // On loopback a read without this start's secret is answered, its signature withheld, and said stale.
      return new Response('{}', { headers: secret === 'feed42' ? {} : { 'X-Console-Secret-Stale': 'true' } })
    })
    vi.stubGlobal('fetch', fetch)

    // Two reads in flight at once: the page reads index.html once for both, and sends neither again.
    const answers = await Promise.all([consoleFetch(new Request(URL)), consoleFetch(new Request(URL))])
    expect(answers.map((answer) => answer.status)).toEqual([200, 200])
    await vi.waitFor(() => expect(document.head.innerHTML).toContain('feed42'))
    await consoleFetch(new Request(URL))
    expect(sent).toEqual(['c0ffee', 'c0ffee', 'feed42'])
    expect(fetch.mock.calls.filter(([input]) => input === '/')).toHaveLength(1)
  })

  it('asks for the printed token once a restarted server hands over none (CONSOLE_TOKEN=required)', async () => {
    document.head.innerHTML = `<meta name="${CONSOLE_SECRET_META}" content="c0ffee">`
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: Request | string) => (input === '/' ? indexHtml(undefined) : refused())),
    )
    const asked = vi.fn()
    const stopAsking = onConsoleSecretNeeded(asked)
    try {
      expect((await consoleFetch(URL)).status).toBe(403)
      expect(asked).toHaveBeenCalledOnce()
    } finally {
      stopAsking()
    }
  })
})

/** The console's index.html as its server hands it over: with this start's secret on loopback, else none. */
function indexHtml(secret: string | undefined): Response {
  const meta = secret === undefined ? '' : `<meta name="${CONSOLE_SECRET_META}" content="${secret}">`
  return new Response(`<!doctype html><html><head>${meta}<title>Sandbox Console</title></head></html>`, {
    headers: { 'content-type': 'text/html' },
  })
}
