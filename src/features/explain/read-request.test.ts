import { describe, expect, it } from 'vitest'
import { shellWords } from './parse-curl'
import { readRequest } from './read-request'

const text = (body: Uint8Array | undefined) => new TextDecoder().decode(body)

describe('readRequest', () => {
  it('refuses a method that is no HTTP token (raw HTTP: its request line takes letters alone)', () => {
    const hostile = ';touch /tmp/P;#'
    const readings = [
      readRequest({ text: `curl -X '${hostile}' https://bank.example/v1` }),
      readRequest({ text: JSON.stringify({ method: hostile, url: 'https://bank.example/v1', headers: [] }) }),
    ]
    for (const reading of readings) {
      expect(reading).toMatchObject({ ok: false, reason: expect.stringContaining('is not an HTTP method') })
    }
  })

  it('reads a curl command as a shell and curl do: quotes, $-strings, continuations, -X, -H, --data-raw', () => {
    const reading = readRequest({
      text: `curl -sS -XPOST 'https://bank.example/api-sandbox/v1/sandbox/card-accounts?x=1' \\
  -H "Date: Mon, 23 Nov 2026 12:00:00 GMT" -H'PSU-ID: 13039319955' \\
  --data-raw $'{"name":"it\\'s"}\\n'`,
    })
    expect(reading).toMatchObject({
      ok: true,
      format: 'curl',
      request: {
        method: 'POST',
        url: '/api-sandbox/v1/sandbox/card-accounts?x=1',
        headers: [
          ['Date', 'Mon, 23 Nov 2026 12:00:00 GMT'],
          ['PSU-ID', '13039319955'],
          ['Host', 'bank.example'],
        ],
        bodySource: 'pasted-text',
      },
    })
    expect(reading.ok && text(reading.request.body)).toBe(`{"name":"it's"}\n`)
  })

  it('says when curl reads the body from a file, and defaults to POST with data and GET without', () => {
    expect(readRequest({ text: 'curl http://h/v1/x -d @body.json' })).toMatchObject({
      ok: true,
      request: { method: 'POST', bodySource: 'unknown' },
      notes: ['the body is read from a file the command names'],
    })
    expect(readRequest({ text: 'curl --url http://h/v1/x' })).toMatchObject({
      ok: true,
      request: { method: 'GET' },
    })
  })

  it('reads a raw HTTP request from bytes: the body exactly as it came, CRLF and all', () => {
    const bytes = new TextEncoder().encode('POST http://h/v1/x HTTP/1.1\r\nDigest: a\r\n  b\r\n\r\nline\r\n')
    const reading = readRequest({ bytes })
    expect(reading).toMatchObject({
      ok: true,
      format: 'raw HTTP',
      request: { method: 'POST', url: '/v1/x', headers: [['Digest', 'a b']], bodySource: 'exact' },
    })
    expect(reading.ok && text(reading.request.body)).toBe('line\r\n')
  })

  it('marks a pasted raw request body as pasted text', () => {
    expect(readRequest({ text: 'GET /v1/x HTTP/1.1\nHost: h\n\n{}' })).toMatchObject({
      ok: true,
      request: { bodySource: 'pasted-text' },
    })
  })

  it('reads a HAR entry, its base64 body as bytes, and lists the entries of a file with several', () => {
    const entry = (method: string, postData?: object) => ({
      request: {
        method,
        url: 'http://h/v1/x',
        headers: [
          { name: ':authority', value: 'h' },
          { name: 'digest', value: 'd' },
        ],
        ...(postData ? { postData } : {}),
      },
    })
    const har = JSON.stringify({
      log: { entries: [entry('GET'), entry('POST', { text: 'wr/9', encoding: 'base64' })] },
    })
    const reading = readRequest({ text: har }, 1)
    expect(reading).toMatchObject({
      ok: true,
      format: 'HAR',
      request: { method: 'POST', headers: [['digest', 'd']], bodySource: 'exact' },
      entries: ['1. GET http://h/v1/x', '2. POST http://h/v1/x'],
    })
    expect(reading.ok && Array.from(reading.request.body ?? [])).toEqual([0xc2, 0xbf, 0xfd])
  })

  it('says what it could not read', () => {
    expect(readRequest({ text: '' })).toMatchObject({ ok: false, reason: /nothing to read/ })
    expect(readRequest({ text: 'hello there' })).toMatchObject({ ok: false, reason: /request line/ })
    expect(readRequest({ text: '{"log":' })).toMatchObject({ ok: false, reason: /not JSON/ })
    expect(readRequest({ text: "curl 'http://h" })).toMatchObject({ ok: false, reason: /single quote/ })
  })
})

describe('shellWords', () => {
  it('joins adjacent quoted parts and keeps backslashes inside single quotes', () => {
    expect(shellWords(`a'b c'"d\\"e" 'x\\n'`)).toEqual({ ok: true, value: ['ab cd"e', 'x\\n'] })
  })
})

describe('a raw request of a megabyte', () => {
  it('reads a head that is not UTF-8 as ISO-8859-1, however long', () => {
    const head = `GET /v1 HTTP/1.1\r\nX-Note: ${'\xf8'.repeat(1_000_000)}\r\n\r\n`
    const reading = readRequest({ bytes: Uint8Array.from(head, (char) => char.charCodeAt(0)) })
    expect(reading.ok && reading.request.headers[0]?.[1].length).toBe(1_000_000)
  })
})
