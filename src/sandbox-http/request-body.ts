import { headerNames, problem, readJsonBody } from '../contract'
import { fail, type Result } from '../sandbox'

const JSON_MEDIA_TYPE = /^application\/(?:[\w.+-]+\+)?json$/i

/**
 * The JSON value of a request body of a JSON media type (src/contract/request-body.ts says why it is
 * unreadable, in the words the proxy uses too).
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
  return readJsonBody(bytes)
}
