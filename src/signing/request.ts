import type { Body } from './digest'
import type { HeaderRecord } from './headers'

/** An HTTP request as the signer and the verifier see it. */
export interface HttpRequestParts {
  method: string
  /** Path and query exactly as sent on the request line, e.g. `/v1/sandbox/card-accounts?x=1`. */
  url: string
  headers: HeaderRecord
  /** The body bytes exactly as sent (a string is sent as UTF-8). */
  body?: Body
}
