import { describe, expect, it } from 'vitest'
import type { RequestLogEntry } from '../../api'
import { curlCommand, proxyCurlCommand, signedCurlCommand } from './curl'

const entry: RequestLogEntry = {
  kind: 'request',
  id: 1,
  startedAt: 0,
  method: 'POST',
  url: '/api/v1/sandbox/card-accounts',
  durationMs: 3,
  requestHeaders: [
    ['X-Request-ID', '99391c7e-ad88-49ec-a2ad-99ddcb1f7721'],
    ['PSU-ID', '13039319955'],
  ],
  requestBody: `{"name":"O'Neil"}`,
  responseHeaders: [],
}

describe('copy as curl', () => {
  it('replays the console request against the console origin, quoting for the shell, with a new request id', () => {
    // The proxy refuses to sign an X-Request-ID twice within 10 minutes: the copy leaves it to the proxy.
    expect(curlCommand(entry, 'http://127.0.0.1:5173')).toBe(
      `curl -X 'POST' 'http://127.0.0.1:5173/api/v1/sandbox/card-accounts' -H 'PSU-ID: 13039319955' --data-raw '{"name":"O'\\''Neil"}'`,
    )
  })

  it('gives an offline request as the same request to the proxy, without what the browser signed', () => {
    const offline: RequestLogEntry = {
      ...entry,
      requestHeaders: [
        ['X-Request-ID', '99391c7e-ad88-49ec-a2ad-99ddcb1f7721'],
        ['Content-Type', 'application/json'],
        ['X-Console-Date', 'Mon, 23 Nov 2026 10:00:00 GMT'],
        ['Digest', 'SHA-256=abc='],
        ['TPP-Signature-Certificate', 'MIIB'],
        ['signature', 'keyId="SN=1,CA=CN=Offline test"'],
        ['PSU-ID', '13039319955'],
      ],
    }
    expect(proxyCurlCommand(offline, 'http://127.0.0.1:5173')).toBe(
      `curl -X 'POST' 'http://127.0.0.1:5173/api/v1/sandbox/card-accounts' -H 'Content-Type: application/json' -H 'PSU-ID: 13039319955' --data-raw '{"name":"O'\\''Neil"}'`,
    )
  })

  it('offers the signed upstream request only when the proxy reported one, without Content-Length', () => {
    expect(signedCurlCommand(entry)).toBeUndefined()
    const signed = signedCurlCommand({
      ...entry,
      upstream: {
        url: 'https://sandbox.bank.test/v1/sandbox/card-accounts',
        headers: [
          ['Signature', 'keyId="SN=01,CA=CN=Test",signature="abc"'],
          ['content-length', '17'],
        ],
        signing: { signingString: 'date: x', keyId: 'SN=01,CA=CN=Test' },
      },
    })
    expect(signed).toBe(
      `curl -X 'POST' 'https://sandbox.bank.test/v1/sandbox/card-accounts' -H 'Signature: keyId="SN=01,CA=CN=Test",signature="abc"' --data-raw '{"name":"O'\\''Neil"}'`,
    )
  })
})
