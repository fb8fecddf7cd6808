// The Postman collection's pre-request script, run as Postman runs it: a script in a context of its own with
// `pm` and the sandbox's timers (the script is over once no timer is pending), once where the app offers
// `crypto.subtle` and once where there is no `crypto` at all. Both signatures must verify with node:crypto.
import { createHash, createVerify, webcrypto } from 'node:crypto'
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { OFFLINE_TEST_IDENTITY } from '../../signing/offline-test-identity'
import { KEY_PLACE, preRequestScript } from './postman'

const BODY = '{"maskedPan":"525412******3241","currency":"NOK","name":"Trøndelag"}'

interface Sent {
  headers: Map<string, string>
  errors: string[]
}

/** A stand-in for Postman's script sandbox: `pm` over one request, and timers that say when the script ends. */
function runPreRequest({
  crypto,
  privateKeyPem = OFFLINE_TEST_IDENTITY.privateKeyPem,
  keyIn = 'environment',
}: {
  crypto?: { subtle: typeof webcrypto.subtle }
  privateKeyPem?: string
  /** Where the user put the key: their local environment, Postman's vault, or a (synced) collection variable. */
  keyIn?: 'environment' | 'vault' | 'collection'
}): Promise<Sent> {
  const headers = new Map<string, string>([
    ['content-type', 'application/json'],
    ['psu-id', '13039319955'],
  ])
  const key = (place: typeof keyIn) => (name: string) =>
    keyIn === place && name === 'privateKeyPem' ? privateKeyPem : undefined
  const collectionVariables: Record<string, string> = {
    ...(keyIn === 'collection' ? { privateKeyPem } : {}),
    certificate: OFFLINE_TEST_IDENTITY.certificatePem,
    keyIdSerial: '80B52E56E54D28AE63C049962238A481',
    keyIdCa: 'CN=Sandbox Console Offline Test CA',
  }
  const errors: string[] = []
  const pm = {
    // pm.variables resolves every scope, the collection's included; the script must not take the key from it.
    variables: {
      get: (name: string) => collectionVariables[name] ?? key('environment')(name),
      replaceIn: (text: string) => (text === '{{$guid}}' ? webcrypto.randomUUID() : text),
    },
    collectionVariables: { get: (name: string) => collectionVariables[name] },
    environment: { get: key('environment') },
    vault: { get: async (name: string) => key('vault')(name) },
    request: {
      body: { mode: 'raw', raw: BODY },
      headers: {
        upsert: ({ key, value }: { key: string; value: string }) => headers.set(key.toLowerCase(), value),
        has: (name: string) => headers.has(name.toLowerCase()),
        get: (name: string) => headers.get(name.toLowerCase()),
      },
    },
  }
  return new Promise((resolve) => {
    const running = new Set<ReturnType<typeof setTimeout>>()
    const endIfIdle = () => {
      if (running.size === 0) setImmediate(() => resolve({ headers, errors }))
    }
    const context = {
      pm,
      setTimeout: (callback: () => void, ms: number) => {
        const id = setTimeout(() => {
          running.delete(id)
          try {
            callback()
          } catch (error) {
            errors.push(String(error))
          }
          endIfIdle()
        }, ms)
        running.add(id)
        return id
      },
      clearTimeout: (id: ReturnType<typeof setTimeout>) => {
        if (!running.delete(id)) return
        clearTimeout(id)
        endIfIdle()
      },
      ...(crypto ? { crypto } : {}),
    }
    try {
      runInNewContext(preRequestScript, context)
    } catch (error) {
      errors.push(String(error))
    }
    endIfIdle()
  })
}

/** WebCrypto that counts what it is asked to do. */
function countingSubtle() {
  const calls: string[] = []
  const subtle = new Proxy(webcrypto.subtle, {
    get(target, name) {
      const value = Reflect.get(target, name)
      if (typeof value !== 'function') return value
      return (...args: unknown[]) => {
        calls.push(String(name))
        return value.apply(target, args)
      }
    },
  })
  return { crypto: { subtle }, calls }
}

/** The signing string the bank rebuilds from the headers the Signature names, verified with the certificate. */
function verifies(headers: Map<string, string>): boolean {
  const signature = headers.get('signature') ?? ''
  const names = /headers="([^"]+)"/.exec(signature)?.[1]?.split(' ') ?? []
  const value = /signature="([^"]+)"/.exec(signature)?.[1] ?? ''
  const signingString = names.map((name) => `${name}: ${headers.get(name)}`).join('\n')
  return createVerify('RSA-SHA256')
    .update(signingString, 'utf8')
    .verify(OFFLINE_TEST_IDENTITY.certificatePem, value, 'base64')
}

const bodyDigest = `SHA-256=${createHash('sha256').update(BODY, 'utf8').digest('base64')}`

describe("the Postman collection's pre-request script", () => {
  it('signs with crypto.subtle where the app offers it, and node:crypto verifies the signature', async () => {
    const { crypto, calls } = countingSubtle()
    const sent = await runPreRequest({ crypto })

    expect(sent.errors).toEqual([])
    expect(calls).toEqual(expect.arrayContaining(['digest', 'importKey', 'sign']))
    expect(sent.headers.get('digest')).toBe(bodyDigest)
    expect(sent.headers.get('signature')).toMatch(/headers="date digest x-request-id psu-id"/)
    expect(verifies(sent.headers)).toBe(true)
  })

  it('signs in pure JavaScript where there is no crypto, and node:crypto verifies the signature', async () => {
    const sent = await runPreRequest({})

    expect(sent.errors).toEqual([])
    expect(sent.headers.get('digest')).toBe(bodyDigest)
    expect(sent.headers.get('signature')).toMatch(/headers="date digest x-request-id psu-id"/)
    expect(verifies(sent.headers)).toBe(true)
  })

  it('falls back to pure JavaScript when crypto.subtle refuses the key', async () => {
    const refusing = {
      subtle: new Proxy(webcrypto.subtle, {
        get: (target, name) =>
          name === 'importKey'
            ? () => Promise.reject(new Error('NotSupportedError'))
            : Reflect.get(target, name),
      }),
    }
    const sent = await runPreRequest({ crypto: refusing })

    expect(sent.errors).toEqual([])
    expect(verifies(sent.headers)).toBe(true)
  })

  it.each([
    ['with crypto.subtle', { subtle: webcrypto.subtle }],
    ['without crypto', undefined],
  ])('%s, an encrypted key is the script error it names, and nothing is signed', async (_, crypto) => {
    const sent = await runPreRequest({
      privateKeyPem: '-----BEGIN ENCRYPTED PRIVATE KEY-----\nAAAA\n-----END ENCRYPTED PRIVATE KEY-----\n',
      ...(crypto ? { crypto } : {}),
    })

    expect(sent.errors).toEqual(['Error: the private key is encrypted; give it unencrypted'])
    expect(sent.headers.has('signature')).toBe(false)
  })

  it("takes the key from Postman's vault when the environment has none", async () => {
    const sent = await runPreRequest({ keyIn: 'vault' })
    expect(sent.errors).toEqual([])
    expect(sent.headers.get('signature')).toMatch(/signature="[A-Za-z0-9+/]+=*"$/)
  })

  it('refuses a key kept in a collection variable, which Postman syncs, and says where it goes', async () => {
    const sent = await runPreRequest({ keyIn: 'collection' })
    expect(sent.errors).toEqual([
      `Error: privateKeyPem is a collection variable, which Postman saves and syncs: delete it there. ${KEY_PLACE}`,
    ])
    expect(sent.headers.has('signature')).toBe(false)
  })
})
