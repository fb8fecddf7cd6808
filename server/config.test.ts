import { describe, expect, it } from 'vitest'
import { readConfig } from './config'

describe('readConfig', () => {
  it('defaults to loopback, port 5173 and the local upstream', () => {
    expect(readConfig({})).toEqual({
      host: '127.0.0.1',
      port: 5173,
      allowedHostnames: ['127.0.0.1', 'localhost', '[::1]'],
      tokenRequired: false,
      upstream: { kind: 'local', personality: 'console' },
      connectTimeoutMs: 5_000,
      totalTimeoutMs: 30_000,
      client: { headersTimeoutMs: 10_000, requestTimeoutMs: 30_000 },
      storeCaps: { perAccount: 200_000, total: 500_000 },
      signRequestTarget: false,
    })
  })

  it('reads SIGN_REQUEST_TARGET', () => {
    expect(readConfig({ SIGN_REQUEST_TARGET: '1' }).signRequestTarget).toBe(true)
    expect(readConfig({ SIGN_REQUEST_TARGET: '0' }).signRequestTarget).toBe(false)
  })

  it("reads the local sandbox's caps on stored transactions", () => {
    const env = { SANDBOX_MAX_TRANSACTIONS_PER_ACCOUNT: '10', SANDBOX_MAX_TRANSACTIONS: '25' }
    expect(readConfig(env).storeCaps).toEqual({ perAccount: 10, total: 25 })
  })

  it('reads the real sandbox with a path prefix, certificate, key and passphrase', () => {
    const config = readConfig({
      SANDBOX_BASE_URL: 'https://sandbox.bank.example/psd2/',
      TPP_CERT: 'cert.pem',
      TPP_KEY: 'key.pem',
      TPP_KEY_PASSPHRASE: ' spaces kept ',
      UPSTREAM_TIMEOUT_MS: '1000',
    })
    expect(config.upstream).toEqual({
      kind: 'remote',
      baseUrl: new URL('https://sandbox.bank.example/psd2/'),
      certPath: 'cert.pem',
      keyPath: 'key.pem',
      passphrase: ' spaces kept ',
      passphraseFile: undefined,
    })
    expect(config.totalTimeoutMs).toBe(1000)
  })

  it('reads the local sandbox personality', () => {
    expect(readConfig({ SANDBOX_PERSONALITY: 'platform' }).upstream).toEqual({
      kind: 'local',
      personality: 'platform',
    })
  })

  it.each([
    [{ PORT: '70000' }, 'PORT must be an integer from 0 to 65535, not 70000'],
    [
      {
        SANDBOX_BASE_URL: 'https://sandbox.bank.example',
        TPP_CERT: 'c.pem',
        TPP_KEY: 'k.pem',
        TPP_KEY_PASSPHRASE: 'x',
        TPP_KEY_PASSPHRASE_FILE: '/run/secrets/passphrase',
      },
      'TPP_KEY_PASSPHRASE_FILE and TPP_KEY_PASSPHRASE both give the passphrase',
    ],
    [{ SIGN_REQUEST_TARGET: 'yes' }, 'SIGN_REQUEST_TARGET can only be 1 (sign the method and path'],
    [{ SANDBOX_BASE_URL: 'sandbox.bank.example' }, 'SANDBOX_BASE_URL is not a URL: sandbox.bank.example'],
    [{ SANDBOX_BASE_URL: 'ftp://sandbox.bank.example' }, 'SANDBOX_BASE_URL must be an http(s) URL, not ftp:'],
    [{ SANDBOX_BASE_URL: 'https://u:p@sandbox.bank.example' }, 'no credentials, query or #'],
    [
      { SANDBOX_BASE_URL: 'https://sandbox.bank.example', TPP_CERT: 'c.pem' },
      'set TPP_KEY to PEM file paths',
    ],
    [{ TPP_CERT: 'c.pem', TPP_KEY: 'k.pem' }, 'TPP_CERT and TPP_KEY are only used with SANDBOX_BASE_URL'],
    [
      { SANDBOX_PERSONALITY: 'bank' },
      'SANDBOX_PERSONALITY must be one of console, platform, booked-only, number-amounts, pending-strings, extra-fields, absolute-links, small-pages, not "bank"',
    ],
    [{ SANDBOX_MAX_TRANSACTIONS: 'many' }, 'SANDBOX_MAX_TRANSACTIONS must be an integer from 0 to'],
    [
      { SANDBOX_MAX_TRANSACTIONS_PER_ACCOUNT: '-1' },
      'SANDBOX_MAX_TRANSACTIONS_PER_ACCOUNT must be an integer',
    ],
    [
      {
        SANDBOX_BASE_URL: 'https://sandbox.bank.example',
        TPP_CERT: 'c.pem',
        TPP_KEY: 'k.pem',
        SANDBOX_PERSONALITY: 'platform',
      },
      'SANDBOX_PERSONALITY shapes the local sandbox only',
    ],
  ])('refuses %o', (env, message) => {
    expect(() => readConfig(env)).toThrow(message)
  })
})
