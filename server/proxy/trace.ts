/**
 * Headers the console's inspector reads (keep these names: the UI depends on them).
 *
 * - `X-Console-Trace`, added by the proxy to every answer of a forwarded request (upstream answers and the
 *   proxy's own 502/504 alike): base64url of the JSON {@link ConsoleTrace}. It shows what was actually sent;
 *   the certificate in it is public, the private key is never part of it.
 * - `X-Sandbox-Verification`, added by the local upstream when a signature verified:
 *   `verified keyId=<the keyId>`.
 */
export const CONSOLE_TRACE_HEADER = 'X-Console-Trace'
export const SANDBOX_VERIFICATION_HEADER = 'X-Sandbox-Verification'

export interface ConsoleTrace {
  /** Origin, path and query as requested upstream. */
  upstream: string
  /** The request headers exactly as sent upstream, signature headers included. */
  requestHeaders: Record<string, string>
  signingString: string
  keyId: string
}

export function encodeTrace(trace: ConsoleTrace): string {
  return Buffer.from(JSON.stringify(trace)).toString('base64url')
}

export function decodeTrace(header: string): ConsoleTrace {
  return JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as ConsoleTrace
}
