import { PROBLEM_DETAILS_MEDIA_TYPE, type ProblemDetailsBody, tppMessagesBody } from '../contract'
import type { Reply } from './respond'

/** RFC 9110's reason phrases of the statuses a sandbox answers errors with. */
const reasonPhrases: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
  507: 'Insufficient Storage',
}

/**
 * An error answer as a bank that does not speak Berlin Group writes it (`errorBody: "other"`): the same
 * status and messages as RFC 7807 problem details. Anything else is left as it is.
 */
export function asProblemDetails(answer: Reply): Reply {
  const parsed = tppMessagesBody.safeParse(answer.body)
  if (answer.status < 400 || !parsed.success) return answer
  const messages = parsed.data.tppMessages
  const invalid = messages.flatMap(({ path, text }) =>
    path === undefined ? [] : [{ name: path, reason: text }],
  )
  const body: ProblemDetailsBody = {
    type: 'about:blank',
    title: reasonPhrases[answer.status] ?? 'Error',
    status: answer.status,
    detail: messages.map(({ text }) => text).join('; '),
    ...(invalid.length === 0 ? {} : { 'invalid-params': invalid }),
  }
  return { ...answer, body, headers: { ...answer.headers, 'Content-Type': PROBLEM_DETAILS_MEDIA_TYPE } }
}
