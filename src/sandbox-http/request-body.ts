import { headerNames, type Problem, parseJsonLossless, problem } from '../contract'
import { fail, ok, type Result } from '../sandbox'

const JSON_MEDIA_TYPE = /^application\/(?:[\w.+-]+\+)?json$/i

/**
 * The JSON value of a request body, with a precise FORMAT_ERROR for each way it can be unreadable. Its
 * numbers keep their literals (src/contract/json.ts), so an amount sent as a number keeps every digit.
 */
export function parseJsonBody(contentType: string | null, bytes: Uint8Array): Result<unknown> {
  const mediaType = (contentType ?? '').split(';')[0]?.trim() ?? ''
  if (!JSON_MEDIA_TYPE.test(mediaType)) {
    // 415, not 400: the body may be fine, in a media type this operation does not take (RFC 9110 §15.5.16).
    const got = contentType === null ? 'none' : `"${contentType}"`
    return fail(
      problem(
        415,
        'FORMAT_ERROR',
        `${headerNames.contentType} must be application/json, got ${got}`,
        headerNames.contentType,
      ),
    )
  }
  if (bytes.length === 0) return fail(bodyError('The request body is empty: send a JSON document'))
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return fail(bodyError('The request body is not valid UTF-8'))
  }
  try {
    return ok(parseJsonLossless(text))
  } catch (error) {
    return fail(bodyError(`The request body cannot be read as JSON: ${(error as Error).message}`))
  }
}

function bodyError(text: string, path?: string): Problem {
  return problem(400, 'FORMAT_ERROR', text, path)
}
