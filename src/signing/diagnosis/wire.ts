import type { HeaderRecord } from '../headers'

/** Header fields as written, in order; values as text (decoded as UTF-8 when they came as bytes). */
export type HeaderList = readonly (readonly [string, string])[]

/**
 * A header value as a server reads it: the client sends the text's UTF-8 bytes and HTTP servers (Node's
 * among them) read header bytes as ISO-8859-1, so `ø` arrives as `Ã¸`.
 */
export function wireValue(value: string): string {
  return String.fromCharCode(...new TextEncoder().encode(value))
}

/**
 * The headers as the verifier receives them. A field given twice under the same name keeps both, under
 * names that differ in case only, so the verifier sees the repetition as a server would.
 */
export function wireHeaders(headers: HeaderList): HeaderRecord {
  const record: HeaderRecord = {}
  for (const [name, value] of headers) {
    let key = name
    for (let i = 0; key in record; i++) key = variantCase(name, i)
    record[key] = wireValue(value)
  }
  return record
}

function variantCase(name: string, i: number): string {
  const upper = name.toUpperCase()
  const lower = name.toLowerCase()
  return i === 0
    ? name === upper
      ? lower
      : upper
    : `${lower.slice(0, i % lower.length)}${upper.slice(i % lower.length)}`
}

export function firstValue(headers: HeaderList, name: string): string | undefined {
  return headers.find(([key]) => key.toLowerCase() === name)?.[1]
}

export const isAscii = (text: string) => /^[\x20-\x7e]*$/.test(text)
