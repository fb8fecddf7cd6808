import { bytesToBase64 } from './base64'

export type Body = Uint8Array | string

/** `SHA-256=<base64>` of the body bytes exactly as sent (RFC 3230); an absent body hashes as empty. */
export async function digestHeader(body?: Body): Promise<string> {
  const hash = await crypto.subtle.digest('SHA-256', bodyBytes(body))
  return `SHA-256=${bytesToBase64(new Uint8Array(hash))}`
}

export function bodyBytes(body?: Body): Uint8Array<ArrayBuffer> {
  if (body === undefined) return new Uint8Array(0)
  return typeof body === 'string' ? new TextEncoder().encode(body) : new Uint8Array(body)
}
