import { headerNames } from '../../contract'

export const REDACTED = '[redacted]'

const PSU_HEADERS = [headerNames.psuId, headerNames.psuCorporateId].map((name) => name.toLowerCase())
/** Headers that could carry the proxy's secret (its cookie) or that only the console itself needs. */
const NEVER_SHARED = ['cookie', 'set-cookie', 'authorization', headerNames.consoleTrace.toLowerCase()]
// The customer number is the PSU id of a card account; the JSON is edited as text so amounts keep their digits.
const CUSTOMER_NUMBER = /("customerNumber"\s*:\s*)("(?:[^"\\]|\\.)*"|-?\d+)/g
const SIGNED_PSU_LINE = /^(psu-id|psu-corporate-id): .*$/gm

export function withoutSecrets(headers: readonly [string, string][]): [string, string][] {
  return headers.filter(([name]) => !NEVER_SHARED.includes(name.toLowerCase())).map(([n, v]) => [n, v])
}

export function redactHeaders(headers: readonly [string, string][]): [string, string][] {
  return headers.map(([name, value]) => [name, PSU_HEADERS.includes(name.toLowerCase()) ? REDACTED : value])
}

export function redactBody(body: string): string {
  return body.replace(CUSTOMER_NUMBER, `$1"${REDACTED}"`)
}

export function redactSigningString(signingString: string): string {
  return signingString.replace(SIGNED_PSU_LINE, `$1: ${REDACTED}`)
}
