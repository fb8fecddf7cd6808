import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { SIGN_BUNDLE } from '../scripts/build-server'
import { asArgument, hostileTexts, readAsBash } from '../src/test/shell-echo'
import { loadOrCreateDevIdentity } from './identity'
import { runNodeScript } from './test-support/node-script'
import { tempFolder } from './test-support/temp-folder'

const dir = tempFolder('sign-identity-')
const env = { ...process.env, TPP_CERT: join(dir, 'tpp-cert.pem'), TPP_KEY: join(dir, 'tpp-key.pem') }
const sign = (...args: string[]) => runNodeScript(SIGN_BUNDLE, args, env)

beforeAll(async () => {
  await loadOrCreateDevIdentity(dir)
})

describe('npm run sign', () => {
  it('prints a curl whose every word reaches curl intact, whatever the URL and body hold', async () => {
    // An argument to a program cannot hold a NUL: the rest, all in one body and one query.
    for (const body of [hostileTexts.filter((text) => !text.includes('\0')).join('')]) {
      const url = `http://127.0.0.1:4010/v1/sandbox/card-accounts?q=${encodeURIComponent(body)}&r='$(touch PWNED)'`
      const { stdout } = await sign('post', url, body)
      const reading = readAsBash(stdout.trimEnd())
      expect(reading.syntaxOk).toBe(true)
      expect(reading.sideEffects).toEqual([])
      expect(reading.argv.slice(0, 3)).toEqual(['-X', 'POST', new URL(url).href])
      expect(reading.argv.slice(-2)).toEqual(['--data-binary', asArgument(body)])
      expect(reading.argv.filter((word) => word === '-H')).toHaveLength(6)
    }
  }, 60_000)

  it('refuses a method that is no HTTP token, printing no command', async () => {
    const refusal = await sign(';touch PWNED;#', 'http://127.0.0.1:4010/v1').catch((error) => error)
    expect(refusal.code).toBe(2)
    expect(refusal.stdout).toBe('')
    expect(refusal.stderr).toContain('not an HTTP method')
  }, 60_000)

  it('signs a header given with -H, before or after the URL, as the proxy signs a corporate read', async () => {
    const url = 'http://127.0.0.1:4010/v1/sandbox/card-accounts'
    for (const args of [
      ['-H', 'PSU-Corporate-ID: 18129215603', 'GET', url],
      ['GET', url, '-H', 'PSU-Corporate-ID: 18129215603'],
    ]) {
      const { argv } = readAsBash((await sign(...args)).stdout.trimEnd())
      expect(argv).not.toContain('--data-binary')
      const headers = argv.flatMap((word, i) => (argv[i - 1] === '-H' ? [word] : []))
      expect(headers).toContain('PSU-Corporate-ID: 18129215603')
      expect(headers.find((header) => header.startsWith('Signature: '))).toMatch(
        /headers="date digest x-request-id psu-corporate-id"/,
      )
    }
  }, 60_000)

  it('signs a given Date and X-Request-ID as given, to reproduce a request', async () => {
    const date = 'Sun, 06 Nov 1994 08:49:37 GMT'
    const id = '99391c7e-ad88-49ec-a2ad-99ddcb1f7721'
    const { stdout } = await sign(
      '-H',
      `date: ${date}`,
      '-H',
      `X-Request-ID: ${id}`,
      'GET',
      'http://127.0.0.1:4010/v1',
    )
    const { argv } = readAsBash(stdout.trimEnd())
    const headers = argv.flatMap((word, i) => (argv[i - 1] === '-H' ? [word] : []))
    expect(headers.filter((header) => /^date:/i.test(header))).toEqual([`Date: ${date}`])
    expect(headers.filter((header) => /^x-request-id:/i.test(header))).toEqual([`X-Request-ID: ${id}`])
  }, 60_000)

  it.each([
    ['no URL', ['GET'], 'usage: npm run sign -- '],
    ['a URL that is none', ['GET', 'card-accounts'], 'not a URL: card-accounts\nusage: npm run sign -- '],
    [
      'an option it does not know',
      ['--bogus', 'GET', 'http://127.0.0.1:4010/v1'],
      'unknown option: --bogus\n',
    ],
    [
      'words after the body',
      ['GET', 'http://127.0.0.1:4010/v1', 'extra1', 'extra2'],
      'one body at most, after the URL; also given: "extra2"\n',
    ],
    [
      '-H without a colon',
      ['-H', 'PSU-Corporate-ID', 'GET', 'http://127.0.0.1:4010/v1'],
      '-H takes "Name: value"',
    ],
    [
      'a Date that is no IMF-fixdate',
      ['-H', 'Date: yesterday', 'GET', 'http://127.0.0.1:4010/v1'],
      'Date "yesterday" is not an RFC 7231 IMF-fixdate such as "Sun, 06 Nov 1994 08:49:37 GMT"\n',
    ],
    [
      'an X-Request-ID that is no UUID',
      ['-H', 'X-Request-ID: nope', 'GET', 'http://127.0.0.1:4010/v1'],
      'X-Request-ID must be a UUID, e.g. ',
    ],
    [
      'a header only the signer makes',
      ['-H', 'Digest: SHA-256=x', 'GET', 'http://127.0.0.1:4010/v1'],
      '-H Digest: the signer makes Digest itself; leave it out\n',
    ],
    [
      'a body file that is not there',
      ['POST', 'http://127.0.0.1:4010/v1', '@/nonexistent/body.json'],
      'cannot read the body file /nonexistent/body.json: ENOENT',
    ],
  ])(
    'refuses %s in words, printing no command',
    async (_what, args, words) => {
      const refusal = await sign(...args).catch((error) => error)
      expect(refusal.code).toBe(2)
      expect(refusal.stdout).toBe('')
      expect(refusal.stderr.startsWith(words)).toBe(true)
    },
    60_000,
  )
})
