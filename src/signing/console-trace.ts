import { type ConsoleTrace, consoleTrace } from '../contract'
import { base64UrlToBytes, bytesToBase64Url } from './base64'

/**
 * The `X-Console-Trace` header's value (the schema is the contract's `consoleTrace`): base64url of the
 * trace's JSON, a header value any HTTP stack carries unchanged.
 */
export function encodeConsoleTrace(trace: ConsoleTrace): string {
  const json = JSON.stringify(trace)
  // Node's Buffer, where there is one: the proxy encodes a trace of ~2 kB per request, and btoa is slow
  // there. Looked up here, not at the module's top, so a browser bundle that never encodes drops it all.
  const nodeBuffer = (
    globalThis as { Buffer?: { from(text: string): { toString(encoding: 'base64url'): string } } }
  ).Buffer
  if (nodeBuffer !== undefined) return nodeBuffer.from(json).toString('base64url')
  return bytesToBase64Url(new TextEncoder().encode(json))
}

/** The trace in a header value; undefined when it is absent or not one. */
export function decodeConsoleTrace(value: string | null | undefined): ConsoleTrace | undefined {
  if (!value) return undefined
  const bytes = base64UrlToBytes(value)
  if (bytes === undefined) return undefined
  try {
    const parsed = consoleTrace.safeParse(JSON.parse(new TextDecoder().decode(bytes)))
    return parsed.success ? parsed.data : undefined
  } catch {
    return undefined
  }
}
