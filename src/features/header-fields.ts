import { codePointName, HEADER_VALUE_CHARACTER, SIGNED_HEADER_VALUE_MAX } from '../contract'

/**
 * Why a field sent as a request header (PSU-ID, PSU-Corporate-ID…) cannot be sent, in words; undefined
 * when it can. A browser refuses to build such a request at all ("Failed to construct 'Headers'"), and the
 * proxy refuses it too, so the field says it first.
 */
export function headerFieldProblem(label: string, value: string): string | undefined {
  const refused = [...value].filter((character) => !HEADER_VALUE_CHARACTER.test(character))
  if (refused.length > 0) {
    const shown = [...new Set(refused)].map(describe).join(', ')
    return `${label} is sent as an HTTP header, which can carry only Latin letters, digits, punctuation and spaces: remove ${shown}`
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
