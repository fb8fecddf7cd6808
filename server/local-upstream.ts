import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { ClockStorage, SandboxStore, StoreCaps } from '../src/sandbox'
import { defaultPersonality, type Personality } from '../src/sandbox-http/personality'
import type { Certificate } from '../src/signing'
import { createSandboxService } from './sandbox-service'

export interface LocalUpstream {
  /**
   * Where the proxy forwards to: http://127.0.0.1:<ephemeral port>, with the personality's base path
   * (http://127.0.0.1:<port>/api-sandbox for the platform's).
   */
  url: URL
  server: Server
}

/**
 * The sandbox handlers on `store` (a memory store by default) behind node:http on an ephemeral loopback port, verifying every
 * signature strictly: Signature, Digest, keyId, the signed header list, Date within 5 minutes, and a
 * TPP-Signature-Certificate that is valid and issued by `trustedCa` (the development CA; no other
 * certificate is accepted). A verified request is answered with `X-Sandbox-Verification: verified keyId=...`.
 */
export async function startLocalUpstream({
  trustedCa,
  maxBodyBytes,
  personality = defaultPersonality,
  storeCaps,
  store,
  clockStorage,
}: {
  trustedCa: Certificate
  maxBodyBytes: number
  personality?: Personality
  storeCaps?: StoreCaps
  store?: SandboxStore
  clockStorage?: ClockStorage
}): Promise<LocalUpstream> {
  const server = createSandboxService({
    personality,
    signatures: { kind: 'verify', trustedCa },
    maxBodyBytes,
    ...(storeCaps === undefined ? {} : { storeCaps }),
    ...(store === undefined ? {} : { store }),
    ...(clockStorage === undefined ? {} : { clockStorage }),
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { url: new URL(`http://127.0.0.1:${port}${personality.basePath}`), server }
}
