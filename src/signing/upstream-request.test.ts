import { createPublicKey, createVerify } from 'node:crypto'
import { expect, it } from 'vitest'
import { parseCertificate } from './certificate'
import { OFFLINE_TEST_IDENTITY } from './offline-test-identity'
import { importPrivateKeyPem } from './private-key'
import { createRequestSigner } from './signer'
import { signedUpstreamRequest } from './upstream-request'

const NOW = new Date('2026-03-02T10:20:30Z')

// "Stale Date" shows the refusal of a request whose only fault is its age: one signed ten minutes ago,
// whose signature verifies over the Date it carries, as the inspector's signing string shows it.
it('sends a stale-date request whole: signed over the ten-minute-old Date it carries', async () => {
  const signer = createRequestSigner({
    privateKey: await importPrivateKeyPem(OFFLINE_TEST_IDENTITY.privateKeyPem),
    certificate: await parseCertificate(OFFLINE_TEST_IDENTITY.certificatePem),
    now: () => NOW,
  })
  const { headers, trace } = await signedUpstreamRequest({
    sign: (parts, options) => signer.sign(parts, options),
    request: { method: 'GET', url: '/v1/sandbox/card-accounts', headers: {} },
    tamper: 'stale-date',
    upstream: 'http://127.0.0.1:4010/v1/sandbox/card-accounts',
    fullTrace: true,
  })

  expect(headers.Date).toBe('Mon, 02 Mar 2026 10:10:30 GMT')
  expect(trace.signingString).toContain('date: Mon, 02 Mar 2026 10:10:30 GMT\n')
  const signature = /signature="([^"]+)"/.exec(headers.Signature ?? '')?.[1] ?? ''
  const verify = createVerify('RSA-SHA256').update(trace.signingString)
  expect(verify.verify(createPublicKey(OFFLINE_TEST_IDENTITY.certificatePem), signature, 'base64')).toBe(true)
})
