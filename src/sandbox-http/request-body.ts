import { contentTypeProblem, readJsonBody } from '../contract/request-body'
import { fail, type Result } from '../sandbox'

/**
 * The JSON value of a request body sent as application/json; the contract's rules say why not
 * (src/contract/request-body.ts), in the words the proxy uses too.
 */
export function parseJsonBody(contentType: string | null, bytes: Uint8Array): Result<unknown> {
  const refused = contentTypeProblem(contentType)
  return refused === undefined ? readJsonBody(bytes) : fail(refused)
}
