import { type HeaderRecord, headerValues } from './headers'

export interface SigningStringInput {
  /** Lower-case header names in order; `(request-target)` stands for the method and the path. */
  headerNames: readonly string[]
  method: string
  /** Path and query exactly as sent, e.g. `/v1/x?a=b`. */
  url: string
  headers: HeaderRecord
}

export type SigningStringResult =
  | { ok: true; value: string }
  | { ok: false; reason: string /** The header at fault. */; header: string }

/** draft-cavage-http-signatures-10 §2.3: `name: value` lines joined by `\n`. */
export function buildSigningString(input: SigningStringInput): SigningStringResult {
  const lines: string[] = []
  for (const listed of input.headerNames) {
    const name = listed.toLowerCase()
    if (name === '(request-target)') {
      lines.push(`${name}: ${input.method.toLowerCase()} ${input.url}`)
      continue
    }
    const values = headerValues(input.headers, name)
    if (values.length === 0)
      return { ok: false, header: name, reason: `header ${name} is listed in headers but absent` }
    if (values.length > 1)
      return { ok: false, header: name, reason: `header ${name} is given more than once` }
    // RFC 7230 §3.2.4: optional white space around a value is not part of it.
    lines.push(`${name}: ${trimOptionalWhitespace(values[0] ?? '')}`)
  }
  return { ok: true, value: lines.join('\n') }
}

const isOptionalWhitespace = (char: string) => char === ' ' || char === '\t'

/** Spaces and tabs off both ends, in one pass: a pattern for the same backtracked across inner runs. */
function trimOptionalWhitespace(value: string): string {
  let start = 0
  let end = value.length
  while (start < end && isOptionalWhitespace(value.charAt(start))) start++
  while (end > start && isOptionalWhitespace(value.charAt(end - 1))) end--
  return value.slice(start, end)
}
