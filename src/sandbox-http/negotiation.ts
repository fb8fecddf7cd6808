import { headerNames, type Problem, problem } from '../contract'

/** What every answer of the sandbox is written in; spec §4 has Accept and Accept-Charset ask for it. */
export const ANSWER_MEDIA_TYPE = 'application/json'
export const ANSWER_CHARSET = 'utf-8'

/**
 * 406 when the request's Accept or Accept-Charset rules out what the sandbox can send (RFC 9110 §12.5):
 * `application/json` and `utf-8`, each judged by the most specific range that names it (`application/json`
 * over `application/*` over `*\/*`; `utf-8` over `*`) and its q-value, 0 meaning "not acceptable". No
 * header, or an empty one, accepts anything. The answer itself is JSON in utf-8 all the same: there is
 * nothing else to say it in.
 */
export function notAcceptableProblem(headers: Headers): Problem | undefined {
  const accept = headers.get(headerNames.accept)
  if (accept !== null && quality(accept, ['application/json', 'application/*', '*/*']) === 0) {
    const text = `${headerNames.accept} must allow ${ANSWER_MEDIA_TYPE}, the one media type this sandbox answers in (e.g. ${headerNames.accept}: ${ANSWER_MEDIA_TYPE}), not ${accept}`
    return problem(406, 'FORMAT_ERROR', text, headerNames.accept)
  }
  const charset = headers.get(headerNames.acceptCharset)
  if (charset !== null && quality(charset, [ANSWER_CHARSET, '*']) === 0) {
    const text = `${headerNames.acceptCharset} must allow ${ANSWER_CHARSET}, the one charset this sandbox answers in, not ${charset}`
    return problem(406, 'FORMAT_ERROR', text, headerNames.acceptCharset)
  }
  return undefined
}

/**
 * The q-value a comma-separated Accept-style `header` gives the first of `ranges` (most specific first) it
 * lists; 0 when it lists none. A blank header accepts anything (1); a q that is no number counts as 1.
 */
function quality(header: string, ranges: readonly string[]): number {
  const listed = new Map<string, number>()
  for (const element of header.split(',')) {
    const [range = '', ...parameters] = element.split(';').map((part) => part.trim().toLowerCase())
    if (range === '') continue
    const q = parameters.find((parameter) => /^q\s*=/.test(parameter))?.replace(/^q\s*=\s*/, '')
    const value = q === undefined ? 1 : Number(q)
    if (!listed.has(range)) listed.set(range, Number.isNaN(value) ? 1 : value)
  }
  if (listed.size === 0) return 1
  const match = ranges.find((range) => listed.has(range))
  return match === undefined ? 0 : (listed.get(match) ?? 0)
}
