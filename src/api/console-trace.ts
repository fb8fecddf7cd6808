import { z } from 'zod'
import type { SigningInfo } from './transport'

/**
 * Headers the signing proxy and the local upstream add for the inspector (server/proxy/trace.ts is
 * their source; the names are shared by agreement, the runtimes share no code).
 * `X-Console-Trace`: base64url JSON of what the proxy sent upstream, signature included.
 * `X-Sandbox-Verification`: the upstream's verdict on the signature.
 */
export const CONSOLE_TRACE_HEADER = 'X-Console-Trace'
export const SANDBOX_VERIFICATION_HEADER = 'X-Sandbox-Verification'

const consoleTrace = z.object({
  upstream: z.string(),
  requestHeaders: z.record(z.string(), z.string()),
  signingString: z.string(),
  keyId: z.string(),
})

export interface UpstreamRequest {
  url: string
  headers: [string, string][]
  signing: SigningInfo
}

/** The proxy's account of the request it signed and forwarded; undefined when absent or unreadable. */
export function readConsoleTrace(headers: Headers): UpstreamRequest | undefined {
  const value = headers.get(CONSOLE_TRACE_HEADER)
  if (!value) return undefined
  try {
    const base64 = value.replaceAll('-', '+').replaceAll('_', '/')
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
    const trace = consoleTrace.parse(JSON.parse(new TextDecoder().decode(bytes)))
    return {
      url: trace.upstream,
      headers: Object.entries(trace.requestHeaders),
      signing: { signingString: trace.signingString, keyId: trace.keyId },
    }
  } catch {
    return undefined
  }
}
