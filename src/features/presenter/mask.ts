import { replacePersonalFields, replacePersonalHeaders } from './personal'

/**
 * The one masking rule of presenter mode: an identifier of a person (a PSU id, a customer number) keeps its
 * last two characters, so a presenter can still tell two apart, and its length, so the layout does not move.
 * Which values are personal is ./personal.ts's to say.
 */
export function maskIdentifier(value: string): string {
  const kept = value.length > 4 ? 2 : 0
  return '•'.repeat(value.length - kept) + value.slice(value.length - kept)
}

export function maskHeaders(headers: readonly (readonly [string, string])[]): [string, string][] {
  return replacePersonalHeaders(headers, maskIdentifier)
}

/** A body as text (JSON or not): every person's identifier in a field is masked. */
export function maskBody(body: string): string {
  return replacePersonalFields(body, maskIdentifier)
}

/**
 * Text that may quote personal values (a refusal's "e.g. 13039319955"): each of `values` in it masked. A value
 * too short to be an identifier (a first digit typed) is left alone: it would mask the words' own digits.
 */
export function maskValuesIn(text: string, values: readonly string[]): string {
  return values
    .filter((value) => value.length > 4)
    .reduce((masked, value) => masked.replaceAll(value, maskIdentifier(value)), text)
}
