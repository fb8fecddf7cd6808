import { z } from 'zod'

/**
 * What the proxy reports in the `X-Console-Trace` answer header (headerNames.consoleTrace): the request exactly
 * as it went upstream. The certificate in it is public; the private key is never part of it, and the
 * signature's value only when the console's page asked (`withheld` says so otherwise).
 */
export const consoleTrace = z.object({
  /** Origin, path and query as requested upstream. */
  upstream: z.string(),
  /** The request headers exactly as sent upstream, signature headers included. */
  requestHeaders: z.record(z.string(), z.string()),
  signingString: z.string(),
  keyId: z.string(),
  /**
   * Set when the signature's value is left out of `requestHeaders` (a caller other than the console's page,
   * which would otherwise hold a credential replayable upstream): says why and how to get it.
   */
  withheld: z.string().optional(),
  /**
   * The answer's `_links` hrefs the proxy mapped to the console's /api (docs/decisions.md#links-through-the-proxy):
   * how many, and each edit, so the answer as the upstream sent it can be rebuilt from the one relayed. `edits`
   * is left out when it would not fit a header; `count` still says the body was changed.
   */
  links: z
    .object({
      count: z.number().int().positive(),
      edits: z
        .array(
          z.object({
            /** Where the href's JSON string now starts in the relayed answer's text (UTF-16 units). */
            at: z.number().int().nonnegative(),
            /** The JSON string literal there, quotes included. */
            relayed: z.string(),
            /** The literal the upstream sent in its place. */
            upstream: z.string(),
          }),
        )
        .optional(),
    })
    .optional(),
})
export type ConsoleTrace = z.infer<typeof consoleTrace>

/** Node's Buffer, where there is one: the proxy encodes a trace of ~2 kB per request, and btoa is slow there. */
const nodeBuffer = (
  globalThis as { Buffer?: { from(text: string): { toString(encoding: 'base64url'): string } } }
).Buffer

/** base64url of the trace's JSON: a header value any HTTP stack carries unchanged. */
export function encodeConsoleTrace(trace: ConsoleTrace): string {
  const json = JSON.stringify(trace)
  if (nodeBuffer !== undefined) return nodeBuffer.from(json).toString('base64url')
  const bytes = new TextEncoder().encode(json)
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '')
}

/** The trace in a header value; undefined when it is absent or not one. */
export function decodeConsoleTrace(value: string | null | undefined): ConsoleTrace | undefined {
  if (!value) return undefined
  try {
    const bytes = Uint8Array.from(atob(value.replaceAll('-', '+').replaceAll('_', '/')), (c) =>
      c.charCodeAt(0),
    )
    const parsed = consoleTrace.safeParse(JSON.parse(new TextDecoder().decode(bytes)))
    return parsed.success ? parsed.data : undefined
  } catch {
    return undefined
  }
}
