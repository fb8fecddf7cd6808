// The sandbox operation over HTTP on a store, as `npm start`'s local upstream and `npm run sandbox`
// both serve it: one personality, and signatures checked the same way (or, for plain curl, not at all).
import { AsyncLocalStorage } from 'node:async_hooks'
import { KeyObject, X509Certificate } from 'node:crypto'
import type { RequestListener, Server, ServerResponse } from 'node:http'
import { headerNames, type Problem, problem } from '../src/contract'
import {
  type ClockStorage,
  createMemoryStore,
  createSandbox,
  createSandboxClock,
  type SandboxStore,
  type StoreCaps,
} from '../src/sandbox'
import { createSandboxHandlers } from '../src/sandbox-http/handlers'
import type { Personality } from '../src/sandbox-http/personality'
import { requireSignature } from '../src/sandbox-http/signature-check'
import type { Certificate } from '../src/signing'
import { encodeParameterValue } from '../src/signing/rfc2047'
import { createSandboxServer } from './upstream'

/**
 * How a sandbox checks signatures. `verify` checks each request like the bank: Signature, Digest, keyId,
 * the signed header list, Date within 5 minutes, a current certificate whose key verifies the signature
 * and whose serial and issuer the keyId names; with `trustedCa`, also that the certificate was issued by
 * that CA (any other is refused). `off` answers every request as if it were signed.
 */
export type SignatureChecks = { kind: 'verify'; trustedCa?: Certificate } | { kind: 'off' }

export interface SandboxServiceOptions {
  personality: Personality
  signatures: SignatureChecks
  maxBodyBytes: number
  /** Caps on stored transactions (the engine's defaults when left out). */
  storeCaps?: StoreCaps
  /** Where the data lives: a fresh memory store unless given (server/sandbox-data.ts picks one). */
  store?: SandboxStore
  /** Where the clock's setting is kept beside the data; the process's life unless given. */
  clockStorage?: ClockStorage
}

/**
 * The handlers on an engine over `store` (a fresh memory store by default) behind node:http (not yet listening), under the
 * personality's base path. A request that passed verification is answered with
 * `X-Sandbox-Verification: verified keyId=<keyId>`, the keyId RFC 2047-encoded when not ASCII.
 */
export function createSandboxService({
  personality,
  signatures,
  maxBodyBytes,
  storeCaps,
  store = createMemoryStore(),
  clockStorage,
}: SandboxServiceOptions): Server {
  // The authenticate seam can only refuse; the verification header belongs to the response, so the
  // response of the request being verified travels alongside in async context.
  const current = new AsyncLocalStorage<ServerResponse>()
  const authenticate =
    signatures.kind === 'off'
      ? undefined
      : requireSignature({
          ...(signatures.trustedCa === undefined
            ? {}
            : {
                trust: issuerCheck(signatures.trustedCa),
              }),
          // The console's own header: a sandbox shaped like a bank does not send it.
          ...(personality.consoleHeaders
            ? {
                onVerified: (verified: { keyId: string }) =>
                  current
                    .getStore()
                    ?.setHeader(
                      headerNames.sandboxVerification,
                      `verified keyId=${encodeParameterValue(verified.keyId)}`,
                    ),
              }
            : {}),
        })

  // The machine's local date, moved or frozen through the clock operation; kept with the data.
  const clock = createSandboxClock(clockStorage === undefined ? {} : { storage: clockStorage })
  const sandbox = createSandbox({
    store,
    today: clock.today,
    newId: personality.newId,
    ...(storeCaps === undefined ? {} : { caps: storeCaps }),
  })
  const server = createSandboxServer({
    handlers: createSandboxHandlers({
      sandbox,
      clock,
      basePath: personality.basePath,
      personality,
      ...(authenticate ? { authenticate } : {}),
    }),
    maxBodyBytes,
    personality,
  })
  const listeners = server.listeners('request') as RequestListener[]
  server.removeAllListeners('request')
  server.on('request', (req, res) =>
    current.run(res, () => {
      for (const listener of listeners) listener(req, res)
    }),
  )
  return server
}

/**
 * The verifier already checked that the certificate is well-formed and current; this checks who issued it.
 * A client sends the same certificate every time, so the last answer is remembered.
 */
function issuerCheck(ca: Certificate) {
  let last: { certificate: string; answer: Problem | null } | undefined
  return async (
    certificate: string,
    verified: { certificate: { issuerDn: string } },
  ): Promise<Problem | null> => {
    if (last?.certificate === certificate) return last.answer
    const issued =
      verified.certificate.issuerDn === ca.subjectDn &&
      // node:crypto checks only the signature here, and spares each start loading @peculiar/x509.
      new X509Certificate(Buffer.from(certificate, 'base64')).verify(KeyObject.from(ca.publicKey))
    const text = `${headerNames.tppSignatureCertificate} is not issued by the CA this sandbox trusts (${ca.subjectDn})`
    const answer = issued
      ? null
      : problem(401, 'CERTIFICATE_INVALID', text, headerNames.tppSignatureCertificate)
    last = { certificate, answer }
    return answer
  }
}
