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
    return fail(
      bodyError(
        `${headerNames.contentType} must be application/json, got ${contentType === null ? 'none' : `"${contentType}"`}`,
        headerNames.contentType,
      ),
    )
  }
  if (bytes.length === 0) return fail(bodyError('the request body is empty: send a JSON document'))
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return fail(bodyError('the request body is not valid UTF-8'))
  }
  try {
    return ok(parseJsonLossless(text))
  } catch (error) {
    return fail(bodyError(`the request body is not valid JSON: ${(error as Error).message}`))
  }
}

function bodyError(text: string, path?: string): Problem {
  return problem(400, 'FORMAT_ERROR', text, path)
}
