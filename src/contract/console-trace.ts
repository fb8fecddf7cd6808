import { z } from './zod'

/**
 * What the proxy (offline: its stand-in in the in-browser sandbox) reports in the `X-Console-Trace` answer
 * header (headerNames.consoleTrace): the request exactly as it went upstream. The certificate in it is public; the private key is never part of it, and the
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
  withheld: z.optional(z.string()),
  /**
   * The answer's `_links` hrefs the proxy mapped to the console's /api (docs/decisions.md#links-through-the-proxy):
   * how many, and each edit, so the answer as the upstream sent it can be rebuilt from the one relayed. `edits`
   * is left out when it would not fit a header; `count` still says the body was changed.
   */
  links: z.optional(
    z.object({
      count: z.number().check(z.int(), z.positive()),
      edits: z.optional(
        z.array(
          z.object({
            /** Where the href's JSON string now starts in the relayed answer's text (UTF-16 units). */
            at: z.number().check(z.int(), z.nonnegative()),
            /** The JSON string literal there, quotes included. */
            relayed: z.string(),
            /** The literal the upstream sent in its place. */
            upstream: z.string(),
          }),
        ),
      ),
    }),
  ),
})
export type ConsoleTrace = z.infer<typeof consoleTrace>
