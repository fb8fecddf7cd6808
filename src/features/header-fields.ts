import { codePointName, SIGNED_HEADER_VALUE_MAX } from '../contract'

/**
 * What the console itself puts in a header: printable ASCII. The wire takes Latin-1 letters too (the
 * contract's HEADER_VALUE_CHARACTER, which the proxy applies), but Chromium hands a service worker such a
 * value as an empty string, so offline a PSU-Corporate-ID of "ÆØÅ" arrived blank and was refused as missing.
 */
const SENT_CHARACTER = /[\x20-\x7e]/

/**
 * Why a field sent as a request header (PSU-ID, PSU-Corporate-ID…) cannot be sent, in words; undefined
 * when it can. A browser refuses to build a request with a character beyond Latin-1 at all ("Failed to
 * construct 'Headers'"), and empties one with a Latin-1 letter on its way to the offline sandbox, so the
 * field says it first.
 */
export function headerFieldProblem(label: string, value: string): string | undefined {
  const refused = [...value].filter((character) => !SENT_CHARACTER.test(character))
  if (refused.length > 0) {
    const shown = [...new Set(refused)].map(describe).join(', ')
    return `${label} is sent as an HTTP header, which carries only unaccented letters (A–Z), digits, punctuation and spaces intact: remove ${shown}`
  }
  if (value.length > SIGNED_HEADER_VALUE_MAX) {
    return `${label} may have at most ${SIGNED_HEADER_VALUE_MAX} characters (it has ${value.length})`
  }
  return undefined
}

function describe(character: string): string {
  const code = character.codePointAt(0) ?? 0
  const hex = codePointName(character)
  return code < 0x20 || (code >= 0x7f && code < 0xa0)
    ? `the control character ${hex}`
    : `"${character}" (${hex})`
}
