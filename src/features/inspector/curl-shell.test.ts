import { describe, expect, it } from 'vitest'
import type { RequestLogEntry } from '../../api'
import { asArgument, hostileTexts, readAsBash } from '../../test/shell-echo'
import { curlCommand, proxyCurlCommand, signedCurlCommand } from './curl'

const origin = 'http://127.0.0.1:5173'

function entryHolding(text: string): RequestLogEntry {
  return {
    kind: 'request',
    id: 1,
    startedAt: 0,
    method: text,
    url: `/api/v1/sandbox/card-accounts?q=${text}`,
    durationMs: 3,
    requestHeaders: [[`X-${text}`, text]],
    requestBody: text,
    responseHeaders: [],
    upstream: {
      url: `https://sandbox.bank.test/v1?q=${text}`,
      headers: [['Signature', text]],
      signing: { signingString: 'date: x', keyId: 'SN=01,CA=CN=Test' },
    },
  }
}

const writers = {
  'copy as curl': (entry: RequestLogEntry) => curlCommand(entry, origin),
  'copy for the proxy': (entry: RequestLogEntry) => proxyCurlCommand(entry, origin),
  'signed upstream curl': (entry: RequestLogEntry) => signedCurlCommand(entry) ?? '',
}

describe.each(Object.entries(writers))('%s, read by bash', (_, write) => {
  it.each(hostileTexts.map((text) => [JSON.stringify(text), text]))(
    'gives curl each word intact and runs nothing else: %s',
    (_label, text) => {
      const entry = entryHolding(text)
      const reading = readAsBash(write(entry))
      const a = asArgument(text)
      expect(reading.syntaxOk).toBe(true)
      expect(reading.sideEffects).toEqual([])
      const url =
        entry.upstream && write === writers['signed upstream curl'] ? entry.upstream.url : origin + entry.url
      const header = write === writers['signed upstream curl'] ? `Signature: ${a}` : `X-${a}: ${a}`
      expect(reading.argv).toEqual(['-X', a, asArgument(url), '-H', header, '--data-raw', a])
    },
  )
})
