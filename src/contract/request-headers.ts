import { type Problem, problemFromZod } from './errors'
import { headerNames, PSU_ID, PSU_ID_RULE, requestId } from './headers'
import { z } from './zod'

// The sandbox's and the proxy's judgement of a request's own headers, imported by path: the console sends
// these headers but never judges them, and the contract's entry would put them in its first screen.

/**
 * Why a request's X-Request-ID is refused (none, or not one UUID), in the words both the sandbox (before the
 * signature) and the proxy (before it signs) answer with: 400 FORMAT_ERROR naming the header.
 */
export function requestIdProblem(value: string | null | undefined): Problem | undefined {
  const parsed = requestId.safeParse(value ?? undefined)
  return parsed.success ? undefined : problemFromZod(parsed.error, headerNames.requestId)
}

/** The PSU-ID header's rule, for the OpenAPI document's parameter too (src/contract/operations.ts). */
export const psuIdHeader = z
  .string()
  .check(z.regex(PSU_ID, `PSU-ID must be ${PSU_ID_RULE} (a card account's customerNumber)`))

/**
 * Why a PSU-ID header is refused by our sandboxes (spec §7: "wrong PSU-ID format → validation error with a
 * descriptive message"); none sent is fine. The proxy does not judge it: a bank judges its own PSU ids.
 */
export function psuIdProblem(value: string | null): Problem | undefined {
  if (value === null) return undefined
  const parsed = psuIdHeader.safeParse(value)
  return parsed.success ? undefined : problemFromZod(parsed.error, headerNames.psuId)
}
