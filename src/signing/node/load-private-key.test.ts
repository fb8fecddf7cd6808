import { generateKeyPairSync, type KeyObject } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { importPrivateKeyPem } from '../private-key'
import { RSA_SHA256, signRsaSha256, verifyRsaSha256 } from '../rsa'
import { SigningError } from '../signing-error'
import { loadPrivateKey } from './load-private-key'

const pem = (key: KeyObject, options: { type: 'pkcs1' | 'pkcs8'; cipher?: string; passphrase?: string }) =>
  key.export({ ...options, format: 'pem' }).toString()

const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
const spki = new Uint8Array(publicKey.export({ type: 'spki', format: 'der' }))
const encryptedPkcs8 = pem(privateKey, { type: 'pkcs8', cipher: 'aes-256-cbc', passphrase: 'secret' })
const encryptedPkcs1 = pem(privateKey, { type: 'pkcs1', cipher: 'aes-256-cbc', passphrase: 'secret' })
const ecPkcs8 = pem(generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey, { type: 'pkcs8' })

describe('loadPrivateKey', () => {
  it.each([
    ['encrypted PKCS#8', encryptedPkcs8],
    ['legacy encrypted PKCS#1', encryptedPkcs1],
  ])('reads %s with its passphrase into a WebCrypto signing key', async (_, encrypted) => {
    const key = await loadPrivateKey(encrypted, 'secret')
    const verifyKey = await crypto.subtle.importKey('spki', spki, RSA_SHA256, false, ['verify'])
    expect(await verifyRsaSha256(verifyKey, 'date: x', await signRsaSha256(key, 'date: x'))).toBe(true)
    expect(key).toMatchObject({ type: 'private', extractable: false, usages: ['sign'] })
  })

  it('refuses a wrong passphrase and keys that are not RSA', async () => {
    await expect(loadPrivateKey(encryptedPkcs8, 'wrong')).rejects.toMatchObject({ code: 'KEY_INVALID' })
    await expect(loadPrivateKey(ecPkcs8)).rejects.toThrow(
      new SigningError('KEY_INVALID', 'the private key is ec, not RSA'),
    )
  })
})

describe('importPrivateKeyPem', () => {
  it.each([
    ['encrypted PKCS#8', encryptedPkcs8],
    ['legacy encrypted PKCS#1', encryptedPkcs1],
  ])('sends %s to loadPrivateKey', async (_, encrypted) => {
    await expect(importPrivateKeyPem(encrypted)).rejects.toThrow(
      new SigningError(
        'KEY_INVALID',
        'the private key is encrypted: load it with loadPrivateKey (Node only)',
      ),
    )
  })

  it('reads PKCS#8 and refuses keys that are not RSA', async () => {
    const key = await importPrivateKeyPem(pem(privateKey, { type: 'pkcs8' }))
    expect(key.algorithm).toMatchObject({
      name: 'RSASSA-PKCS1-v1_5',
      modulusLength: 2048,
      hash: { name: 'SHA-256' },
    })
    await expect(importPrivateKeyPem(ecPkcs8)).rejects.toMatchObject({ code: 'KEY_INVALID' })
    await expect(importPrivateKeyPem('no key here')).rejects.toThrow(
      new SigningError('KEY_INVALID', 'no PRIVATE KEY block in the PEM text'),
    )
  })
})
