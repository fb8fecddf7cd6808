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
})
export type ConsoleTrace = z.infer<typeof consoleTrace>
