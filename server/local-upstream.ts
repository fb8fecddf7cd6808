import { AsyncLocalStorage } from 'node:async_hooks'
import type { RequestListener, Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { headerNames, localToday, type Problem, problem } from '../src/contract'
import { createMemoryStore, createSandbox } from '../src/sandbox'
import { createSandboxHandlers } from '../src/sandbox-http/handlers'
import { requireSignature } from '../src/sandbox-http/signature-check'
import type { Certificate } from '../src/signing'
import { X509Certificate } from '../src/signing/x509'
import { createSandboxServer } from './upstream'

export interface LocalUpstream {
  /** Where the proxy forwards to: http://127.0.0.1:<ephemeral port>. */
  url: URL
  server: Server
}

/**
 * The sandbox handlers on a memory store behind node:http on an ephemeral loopback port, verifying every
 * signature strictly: Signature, Digest, keyId, the signed header list, Date within 5 minutes, and a
 * TPP-Signature-Certificate that is valid and issued by `trustedCa` (the development CA; no other
 * certificate is accepted). A verified request is answered with `X-Sandbox-Verification: verified keyId=...`.
 */
export async function startLocalUpstream({
  trustedCa,
  maxBodyBytes,
}: {
  trustedCa: Certificate
  maxBodyBytes: number
}): Promise<LocalUpstream> {
  // The authenticate seam can only refuse; the verification header belongs to the response, so the
  // response of the request being verified travels alongside in async context.
  const current = new AsyncLocalStorage<ServerResponse>()
  const issuedByTrustedCa = issuerCheck(trustedCa)

  const authenticate = requireSignature({
    trust: (certificate, verified) => issuedByTrustedCa(certificate, verified.certificate.issuerDn),
    onVerified: (verified) =>
      current.getStore()?.setHeader(headerNames.sandboxVerification, `verified keyId=${verified.keyId}`),
  })

  const sandbox = createSandbox({ store: createMemoryStore(), today: () => localToday() })
  const server = createSandboxServer({
    handlers: createSandboxHandlers({ sandbox, authenticate }),
    maxBodyBytes,
  })
  const listeners = server.listeners('request') as RequestListener[]
  server.removeAllListeners('request')
  server.on('request', (req, res) =>
    current.run(res, () => {
      for (const listener of listeners) listener(req, res)
    }),
  )

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { url: new URL(`http://127.0.0.1:${port}`), server }
}

/**
 * The verifier already checked that the certificate is well-formed and current; this checks who issued it.
 * The proxy sends the same certificate every time, so the last answer is remembered.
 */
function issuerCheck(ca: Certificate): (base64Der: string, issuerDn: string) => Promise<Problem | null> {
  let last: { certificate: string; answer: Problem | null } | undefined
  return async (certificate, issuerDn) => {
    if (last?.certificate === certificate) return last.answer
    const issued =
      issuerDn === ca.subjectDn &&
      (await new X509Certificate(Buffer.from(certificate, 'base64')).verify({
        publicKey: ca.publicKey,
        signatureOnly: true,
      }))
    const text = `${headerNames.tppSignatureCertificate} is not issued by the development CA this local sandbox trusts (${ca.subjectDn})`
    const answer = issued
      ? null
      : problem(401, 'CERTIFICATE_INVALID', text, headerNames.tppSignatureCertificate)
    last = { certificate, answer }
    return answer
  }
}
