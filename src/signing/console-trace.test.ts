import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ConsoleTrace } from '../contract'
import { decodeConsoleTrace, encodeConsoleTrace } from './console-trace'

const trace: ConsoleTrace = {
  upstream: 'https://bank.example/v1/sandbox/card-accounts?x=ü',
  requestHeaders: { 'PSU-ID': 'Jürgen Ölmann', Signature: 'keyId="SN=1,CA=CN=ä",signature="+/=="' },
  // Its JSON's plain base64 has '+', '/' and '=' padding: each must be spelt the base64url way.
  signingString: 'psu-id: Jürgen Ölmann ???~~~>>>',
  keyId: 'SN=1,CA=CN=ä',
}

afterEach(() => {
  vi.unstubAllGlobals()
  vi.resetModules()
})

describe('the console trace header', () => {
  it('is base64url of the UTF-8 JSON, without padding, and reads back', () => {
    const value = encodeConsoleTrace(trace)
    expect(value).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(value).toMatch(/-.*_|_.*-/)
    expect(decodeConsoleTrace(value)).toEqual(trace)
  })

  it('is the same in the browser, where there is no Buffer, as in Node', async () => {
    const inNode = encodeConsoleTrace(trace)
    vi.stubGlobal('Buffer', undefined)
    vi.resetModules()
    const browser = await import('./console-trace')
    expect(browser.encodeConsoleTrace).not.toBe(encodeConsoleTrace)
    expect(browser.encodeConsoleTrace(trace)).toBe(inNode)
  })
})
