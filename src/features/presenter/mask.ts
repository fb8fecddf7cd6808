import { headerNames } from '../../contract'

/**
 * The one masking rule of presenter mode: an identifier of a person (a PSU id, a customer number) keeps its
 * last two characters, so a presenter can still tell two apart, and its length, so the layout does not move.
 */
export function maskIdentifier(value: string): string {
  const kept = value.length > 4 ? 2 : 0
  return '•'.repeat(value.length - kept) + value.slice(value.length - kept)
}

/** Headers that carry a person's identifier; compared in lower case, as HTTP does. */
const personHeaders = new Set(
  [headerNames.psuId, headerNames.psuCorporateId].map((name) => name.toLowerCase()),
)

/** JSON fields that carry a person's identifier, in request and answer bodies. */
const personFields = ['customerNumber', 'psuId', 'psuCorporateId'] as const
const personField = new RegExp(`("(?:${personFields.join('|')})"\\s*:\\s*)"((?:[^"\\\\]|\\\\.)*)"`, 'g')

export function maskHeaders(headers: readonly (readonly [string, string])[]): [string, string][] {
  return headers.map(([name, value]) => [
    name,
    personHeaders.has(name.toLowerCase()) ? maskIdentifier(value) : value,
  ])
}

/** A body as text (JSON or not): every person's identifier in a string field is masked. */
export function maskBody(body: string): string {
  return body.replace(personField, (_, key: string, value: string) => `${key}"${maskIdentifier(value)}"`)
}
