// `npm run probe` checks what it can before it sends anything: each request creates data at the bank or
// counts against its limits; and --compare tells a bank that changed from a trait not checked this time.
import { writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PROBE_BUNDLE } from '../../scripts/build-server'
import { bankProfileFileOf, personalityProfiles } from '../../src/contract/bank-profile'
import { loadOrCreateDevIdentity } from '../identity'
import { createSandboxService } from '../sandbox-service'
import { readStandaloneSettings } from '../standalone-sandbox'
import { close, listen } from '../test-support/http'
import { runNodeScript } from '../test-support/node-script'
import { tempFolder } from '../test-support/temp-folder'

const dir = tempFolder('probe-cli-')
const env = { ...process.env, TPP_CERT: join(dir, 'tpp-cert.pem'), TPP_KEY: join(dir, 'tpp-key.pem') }
// Stands in for the bank: it only counts what reaches it.
let received = 0
const bank = createServer((_req, res) => {
  received += 1
  res.writeHead(500).end()
})
let base: string

beforeAll(async () => {
  await loadOrCreateDevIdentity(dir)
  base = `http://127.0.0.1:${await listen(bank)}`
}, 30_000)
afterAll(() => close(bank))

describe('npm run probe', () => {
  it.each([
    [
      'a customer number the contract refuses',
      ['--customer', 'abc'],
      '--customer abc: customerNumber must be the PSU id: 8 to 11 digits, e.g. 13039319955; nothing was sent',
    ],
    [
      'an --out in a folder that is not there',
      ['--out', '/nonexistent-folder/profile.json'],
      '--out /nonexistent-folder/profile.json: cannot write there (ENOENT); nothing was sent',
    ],
    [
      'a --compare file that is not there',
      ['--compare', '/nonexistent-folder/saved.json'],
      '--compare /nonexistent-folder/saved.json: ENOENT; nothing was sent',
    ],
  ])(
    'refuses %s in words, before sending anything',
    async (_what, args, words) => {
      const refusal = await runNodeScript(PROBE_BUNDLE, [base, ...args], env).catch((error) => error)
      expect(refusal.code).toBe(2)
      expect(refusal.stderr.trim()).toBe(words)
      expect(received).toBe(0)
    },
    60_000,
  )
})

describe('npm run probe --compare', () => {
  it('reports a trait the opt-in settled before apart, not as a change, and exits 0', async () => {
    const settings = await readStandaloneSettings({ SANDBOX_PERSONALITY: 'platform' })
    const platform = createSandboxService(settings)
    const url = `http://127.0.0.1:${await listen(platform)}${settings.personality.basePath}`
    try {
      // As `--bad-signatures --out` wrote it: every trait settled, Date and keyId strictness included.
      const saved = join(dir, 'platform-profile.json')
      writeFileSync(saved, JSON.stringify(bankProfileFileOf(personalityProfiles.platform, { source: url })))
      // Exit 0, or runNodeScript rejects.
      const { stdout } = await runNodeScript(PROBE_BUNDLE, [url, '--compare', saved], env)
      expect(stdout).not.toContain('changed:')
      expect(stdout).toContain(`same as ${saved} in every trait both checked\n`)
      expect(stdout).toContain('not checked this time: dateHeader, keyId\n')
    } finally {
      await close(platform)
    }
  }, 60_000)
})
