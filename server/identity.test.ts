import { spawnSync } from 'node:child_process'
import { createPrivateKey, generateKeyPairSync } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { type AddressInfo, createServer } from 'node:net'
import { join } from 'node:path'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { SERVER_BUNDLE } from '../scripts/build-server'
import { type IdentityFiles, loadIdentity, loadOrCreateDevIdentity } from './identity'
import { tempFolder } from './test-support/temp-folder'

const dir = tempFolder('console-identity-')
const devDir = join(dir, 'dev')
const file = (name: string, content: string) => {
  const path = join(dir, name)
  writeFileSync(path, content)
  return path
}
let cert = ''
let key = ''

beforeAll(async () => {
  const dev = await loadOrCreateDevIdentity(devDir)
  expect(dev.generatedBecause).toBe('first start')
  cert = join(devDir, 'tpp-cert.pem')
  key = join(devDir, 'tpp-key.pem')
}, 30_000)

const load = (files: Partial<IdentityFiles>) => loadIdentity({ certPath: cert, keyPath: key, ...files })

describe('the TPP identity is checked at start-up', () => {
  it('loads a matching certificate and key into a non-extractable signing key', async () => {
    const { privateKey, certificate } = await load({})
    expect(privateKey.extractable).toBe(false)
    expect(privateKey.usages).toEqual(['sign'])
    expect(certificate.keyBits).toBe(2048)
  })

  it('names a missing file', async () => {
    await expect(load({ keyPath: join(dir, 'missing.pem') })).rejects.toThrow(
      `TPP_KEY: cannot read ${join(dir, 'missing.pem')} (no such file)`,
    )
    await expect(load({ certPath: join(dir, 'nope.pem') })).rejects.toThrow(
      /^TPP_CERT: cannot read .* \(no such file\)$/,
    )
  })

  it('refuses what is not a certificate or not a key', async () => {
    await expect(load({ certPath: key })).rejects.toThrow(/^TPP_CERT \(.*\) is not a usable certificate: /)
    await expect(load({ keyPath: cert })).rejects.toThrow(/^TPP_KEY \(.*\) is not a usable private key: /)
  })

  it('refuses a certificate outside its dates, naming the date it is valid from or until', async () => {
    const { certificate } = await load({})
    // Only Date is faked: the key's crypto must run as it does.
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(new Date(certificate.notAfter.getTime() + 1000))
      await expect(load({})).rejects.toThrow(
        `TPP_CERT (${cert}) expired at ${certificate.notAfter.toISOString()}`,
      )
      vi.setSystemTime(new Date(certificate.notBefore.getTime() - 1000))
      await expect(load({})).rejects.toThrow(
        `TPP_CERT (${cert}) is not valid before ${certificate.notBefore.toISOString()}`,
      )
    } finally {
      vi.useRealTimers()
    }
  })

  it('refuses a key that does not belong to the certificate', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey
    const keyPath = file('other-key.pem', other.export({ type: 'pkcs8', format: 'pem' }).toString())
    await expect(load({ keyPath })).rejects.toThrow(
      /^TPP_KEY \(.*\) does not belong to TPP_CERT \(.*\): a signature/,
    )
  })

  it('refuses an RSA key under 2048 bits', async () => {
    const small = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey
    const keyPath = file('small-key.pem', small.export({ type: 'pkcs1', format: 'pem' }).toString())
    await expect(load({ keyPath })).rejects.toThrow(/is a 1024-bit RSA key; at least 2048 bits are required$/)
  })

  it('asks for the passphrase of an encrypted key and names a wrong one', async () => {
    const keyPath = encryptedKey()
    await expect(load({ keyPath })).rejects.toThrow(
      /^TPP_KEY \(.*\) is encrypted: set TPP_KEY_PASSPHRASE_FILE to a file holding its passphrase \(or TPP_KEY_PASSPHRASE\), or start in a terminal to be asked for it$/,
    )
    await expect(load({ keyPath, passphrase: 'wrong' })).rejects.toThrow(
      /^TPP_KEY_PASSPHRASE does not decrypt TPP_KEY \(.*\)$/,
    )
    await expect(load({ keyPath, passphrase: 'right horse battery' })).resolves.toBeDefined()
  })
})

function encryptedKey(): string {
  const encrypted = createPrivateKey(readFileSync(key, 'utf8'))
    .export({ type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: 'right horse battery' })
    .toString()
  return file('encrypted-key.pem', encrypted)
}

describe('TPP_KEY_PASSPHRASE_FILE', () => {
  it('holds the passphrase; its trailing line break is not part of it', async () => {
    const keyPath = encryptedKey()
    const passphraseFile = file('passphrase', 'right horse battery\n')
    await expect(load({ keyPath, passphraseFile })).resolves.toBeDefined()
    const windows = file('passphrase-crlf', 'right horse battery\r\n')
    await expect(load({ keyPath, passphraseFile: windows })).resolves.toBeDefined()
  })

  it('is named when it cannot be read or does not decrypt the key', async () => {
    const keyPath = encryptedKey()
    const missing = join(dir, 'no-passphrase')
    await expect(load({ keyPath, passphraseFile: missing })).rejects.toThrow(
      `TPP_KEY_PASSPHRASE_FILE: cannot read ${missing} (no such file)`,
    )
    const wrong = file('wrong-passphrase', 'right horse\n')
    await expect(load({ keyPath, passphraseFile: wrong })).rejects.toThrow(
      `TPP_KEY_PASSPHRASE_FILE (${wrong}) does not decrypt TPP_KEY (${keyPath})`,
    )
  })
})

describe('without a passphrase for an encrypted key', () => {
  it('asks for it, naming the key, and signs with what was typed', async () => {
    const keyPath = encryptedKey()
    const questions: string[] = []
    const askPassphrase = async (question: string) => {
      questions.push(question)
      return 'right horse battery'
    }
    await expect(load({ keyPath, askPassphrase })).resolves.toBeDefined()
    expect(questions).toEqual([`Passphrase for TPP_KEY (${keyPath}): `])
    const typo = async () => 'right hose battery'
    await expect(load({ keyPath, askPassphrase: typo })).rejects.toThrow(
      `The passphrase typed does not decrypt TPP_KEY (${keyPath})`,
    )
  })

  it('does not ask when one is given, nor for a key that is not encrypted', async () => {
    const askPassphrase = async (): Promise<string> => {
      throw new Error('asked')
    }
    await expect(load({ askPassphrase })).resolves.toBeDefined()
    const keyPath = encryptedKey()
    const passphraseFile = file('passphrase', 'right horse battery\n')
    await expect(load({ keyPath, passphraseFile, askPassphrase })).resolves.toBeDefined()
  })
})

describe('the development identity', () => {
  it('is reused on later starts', async () => {
    const before = readFileSync(cert, 'utf8')
    const again = await loadOrCreateDevIdentity(devDir)
    expect(again.generatedBecause).toBeUndefined()
    expect(readFileSync(cert, 'utf8')).toBe(before)
  })

  it('is replaced, saying why, when its files are broken', async () => {
    const brokenDir = join(dir, 'broken')
    await loadOrCreateDevIdentity(brokenDir)
    writeFileSync(join(brokenDir, 'tpp-key.pem'), 'garbage')
    const replaced = await loadOrCreateDevIdentity(brokenDir)
    expect(replaced.generatedBecause).toMatch(/^replacing the previous one: .*not a usable private key/)
  }, 30_000)
})

describe('server/main.ts', () => {
  function start(env: Record<string, string>) {
    return spawnSync(process.execPath, [SERVER_BUNDLE], {
      env: { PATH: process.env.PATH ?? '', PORT: '0', ...env },
      encoding: 'utf8',
      timeout: 20_000,
    })
  }

  it('names the address and port it could not take, and how to start on another', async () => {
    const taken = createServer()
    await new Promise<void>((listening) => taken.listen(0, '127.0.0.1', listening))
    const { port } = taken.address() as AddressInfo
    try {
      const run = start({
        PORT: String(port),
        SANDBOX_BASE_URL: 'https://sandbox.example.test',
        TPP_CERT: cert,
        TPP_KEY: key,
      })
      expect(run.status).toBe(1)
      expect(run.stderr).toContain(
        `Cannot start the console: 127.0.0.1:${port} is already in use (another console or program listens there); start it on another port, e.g. PORT=${port + 1} npm start`,
      )
    } finally {
      taken.close()
    }
  })

  it('fails fast with exit code 1 and a clear message on a bad identity', () => {
    const run = start({
      SANDBOX_BASE_URL: 'https://sandbox.example.test',
      TPP_CERT: cert,
      TPP_KEY: join(dir, 'x.pem'),
    })
    expect(run.status).toBe(1)
    expect(run.stderr).toContain(
      `Cannot start the console: TPP_KEY: cannot read ${join(dir, 'x.pem')} (no such file)`,
    )
  })

  it('names TPP_KEY_PASSPHRASE_FILE when it cannot read it', () => {
    const missing = join(dir, 'missing-passphrase')
    const run = start({
      SANDBOX_BASE_URL: 'https://sandbox.example.test',
      TPP_CERT: cert,
      TPP_KEY: encryptedKey(),
      TPP_KEY_PASSPHRASE_FILE: missing,
    })
    expect(run.status).toBe(1)
    expect(run.stderr).toContain(
      `Cannot start the console: TPP_KEY_PASSPHRASE_FILE: cannot read ${missing} (no such file)`,
    )
  })

  it('names both ways to give the passphrase of an encrypted key when no terminal can ask', () => {
    const run = start({
      SANDBOX_BASE_URL: 'https://sandbox.example.test',
      TPP_CERT: cert,
      TPP_KEY: encryptedKey(),
    })
    expect(run.status).toBe(1)
    expect(run.stderr).toContain(
      'is encrypted: set TPP_KEY_PASSPHRASE_FILE to a file holding its passphrase (or TPP_KEY_PASSPHRASE), ' +
        'or start in a terminal to be asked for it',
    )
  })

  it('fails fast when SANDBOX_BASE_URL comes without the certificate and key', () => {
    const run = start({ SANDBOX_BASE_URL: 'https://sandbox.example.test' })
    expect(run.status).toBe(1)
    expect(run.stderr).toContain(
      'Cannot start the console: SANDBOX_BASE_URL needs your TPP certificate and key',
    )
  })
})
