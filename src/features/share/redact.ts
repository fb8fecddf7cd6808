import { headerNames } from '../../contract'
import { replacePersonalFields, replacePersonalHeaders, replacePersonalSignedLines } from '../presenter'

export const REDACTED = '[redacted]'

/** Headers that could carry the proxy's secret (its cookie) or that only the console itself needs. */
const NEVER_SHARED = ['cookie', 'set-cookie', 'authorization', headerNames.consoleTrace.toLowerCase()]
const redacted = () => REDACTED

export function withoutSecrets(headers: readonly [string, string][]): [string, string][] {
  return headers.filter(([name]) => !NEVER_SHARED.includes(name.toLowerCase())).map(([n, v]) => [n, v])
}

/** What is personal is ../presenter/personal.ts's to say, for files and screen alike. */
export function redactHeaders(headers: readonly [string, string][]): [string, string][] {
  return replacePersonalHeaders(headers, redacted)
}

export function redactBody(body: string): string {
  return replacePersonalFields(body, redacted)
}

export function redactSigningString(signingString: string): string {
  return replacePersonalSignedLines(signingString, redacted)
}
