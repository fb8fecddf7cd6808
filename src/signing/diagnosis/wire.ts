import { bytesToLatin1 } from '../base64'
import type { HeaderRecord } from '../headers'

/** Header fields as written, in order; values as text (decoded as UTF-8 when they came as bytes). */
export type HeaderList = readonly (readonly [string, string])[]

/**
 * A header value as a server reads it: the client sends the text's UTF-8 bytes and HTTP servers (Node's
 * among them) read header bytes as ISO-8859-1, so `ø` arrives as `Ã¸`.
 */
export function wireValue(value: string): string {
  return bytesToLatin1(new TextEncoder().encode(value))
}

/**
 * The headers as the verifier receives them. A field given twice under the same name keeps both, under
 * names that differ in case only, so the verifier sees the repetition as a server would.
 */
export function wireHeaders(headers: HeaderList): HeaderRecord {
  const record: HeaderRecord = {}
  for (const [name, value] of headers) {
    const key = [name, ...caseVariants(name)].find((candidate) => !(candidate in record)) ?? name
    record[key] = wireValue(value)
  }
  return record
}

/** The same header name in other letter cases: lower, upper, then one letter raised at a time. */
function caseVariants(name: string): string[] {
  const lower = name.toLowerCase()
  return [
    lower,
    name.toUpperCase(),
    ...[...lower].map((ch, i) => lower.slice(0, i) + ch.toUpperCase() + lower.slice(i + 1)),
  ]
}

export function firstValue(headers: HeaderList, name: string): string | undefined {
  return headers.find(([key]) => key.toLowerCase() === name)?.[1]
}

export const isAscii = (text: string) => /^[\x20-\x7e]*$/.test(text)
