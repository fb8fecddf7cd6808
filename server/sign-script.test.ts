import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { asArgument, hostileTexts, readAsBash } from '../src/test/shell-echo'
import { loadOrCreateDevIdentity } from './identity'
import { runSignScript } from './test-support/sign-script'

const dir = mkdtempSync(join(tmpdir(), 'sign-identity-'))
const env = { ...process.env, TPP_CERT: join(dir, 'tpp-cert.pem'), TPP_KEY: join(dir, 'tpp-key.pem') }
const sign = (...args: string[]) => runSignScript(args, env)

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

  it.each([
    ['no URL', ['GET'], 'usage: npm run sign -- '],
    ['a URL that is none', ['GET', 'card-accounts'], 'not a URL: card-accounts\nusage: npm run sign -- '],
  ])(
    'refuses %s, printing the usage and no command',
    async (_what, args, words) => {
      const refusal = await sign(...args).catch((error) => error)
      expect(refusal.code).toBe(2)
      expect(refusal.stdout).toBe('')
      expect(refusal.stderr.startsWith(words)).toBe(true)
    },
    60_000,
  )
})
