/**
 * The Signature header: keyId="...",algorithm="...",headers="...",signature="...", written without spaces
 * after the commas, which the http-signature package requires (docs/decisions.md#signing).
 */
import { base64ToBytes } from './base64'
import type { Parsed } from './parsed'
import { decodeParameterValue, encodeParameterValue } from './rfc2047'

export interface SignatureParameters {
  keyId: string
  algorithm: string
  /** Lower-case header names in signing-string order. */
  headers: string[]
  /** Base64. */
  signature: string
}

const NAMES = ['keyId', 'algorithm', 'headers', 'signature'] as const
type Name = (typeof NAMES)[number]

export function formatSignatureHeader(p: SignatureParameters): string {
  const values: Record<Name, string> = { ...p, headers: p.headers.join(' ') }
  return NAMES.map((name) => `${name}="${encodeParameterValue(values[name])}"`).join(',')
}

const PARAMETER = /[ \t]*([A-Za-z]+)[ \t]*=[ \t]*/y
const QUOTED = /"([^"]*)"[ \t]*/y

/** A parameter as written between its quotes, and its value once RFC 2047 encoded words are decoded. */
export interface SignatureParameter {
  written: string
  value: string
}

/** The parameters of a Signature header by name, before any check of their values. */
export function readSignatureParameters(header: string): Parsed<Map<Name, SignatureParameter>> {
  const fail = (reason: string): Parsed<Map<Name, SignatureParameter>> => ({
    ok: false,
    reason: `Signature header: ${reason}`,
  })
  if (header.trim() === '') return fail('empty')
  const parameters = new Map<Name, SignatureParameter>()
  let at = 0
  while (at < header.length) {
    const read = readParameter(header, at, parameters)
    if (!read.ok) return fail(read.reason)
    parameters.set(read.value.name, read.value.parameter)
    at = read.value.next
  }
  return { ok: true, value: parameters }
}

/** The parameter written at `at`, not one of those `before`, and where the next starts, past its comma. */
function readParameter(
  header: string,
  at: number,
  before: ReadonlyMap<Name, SignatureParameter>,
): Parsed<{ name: Name; parameter: SignatureParameter; next: number }> {
  const fail = (reason: string) => ({ ok: false, reason }) as const
  PARAMETER.lastIndex = at
  const parameter = PARAMETER.exec(header)
  if (!parameter) return fail(`expected name="value" at character ${at + 1}`)
  const name = parameter[1] ?? ''
  if (!isName(name)) return fail(`unknown parameter ${name} (expected ${NAMES.join(', ')})`)
  if (before.has(name)) return fail(`parameter ${name} appears twice`)
  QUOTED.lastIndex = PARAMETER.lastIndex
  const quoted = QUOTED.exec(header)
  if (!quoted) return fail(`the value of ${name} must be a double-quoted string`)
  const written = quoted[1] ?? ''
  const value = decodeParameterValue(written)
  if (!value.ok) return fail(`${name}: ${value.reason}`)
  const end = QUOTED.lastIndex
  const read = { name, parameter: { written, value: value.value } }
  if (end === header.length) return { ok: true, value: { ...read, next: end } }
  if (header[end] !== ',') return fail(`expected a comma after the value of ${name} at character ${end + 1}`)
  if (end + 1 === header.length) return fail('trailing comma')
  return { ok: true, value: { ...read, next: end + 1 } }
}

/**
 * The first parameter written with a character outside printable ASCII, which spec §5.3 wants sent as an
 * RFC 2047 encoded word: raw, a server reads its bytes as ISO-8859-1, and UTF-8 arrives as other letters.
 */
export function unencodedParameter(header: string): { name: Name; characters: string } | undefined {
  const parameters = readSignatureParameters(header)
  if (!parameters.ok) return undefined
  for (const [name, { written }] of parameters.value) {
    const characters = [...new Set(written.match(/[^\x20-\x7e]/gu))].join('')
    if (characters !== '') return { name, characters }
  }
  return undefined
}

export function parseSignatureHeader(header: string): Parsed<SignatureParameters> {
  const fail = (reason: string): Parsed<SignatureParameters> => ({
    ok: false,
    reason: `Signature header: ${reason}`,
  })
  const parameters = readSignatureParameters(header)
  if (!parameters.ok) return parameters
  const raw = new Map(Array.from(parameters.value, ([name, { value }]) => [name, value]))

  const keyId = raw.get('keyId')
  const algorithm = raw.get('algorithm')
  const signature = raw.get('signature')
  if (!keyId) return fail('keyId is missing or empty')
  if (!algorithm) return fail('algorithm is missing or empty')
  if (!signature) return fail('signature is missing or empty')
  if (!base64ToBytes(signature)) return fail('signature is not base64')
  // The draft's default when headers is absent.
  const headers = (raw.get('headers') ?? 'date').toLowerCase().split(' ')
  if (headers.some((h) => h === '')) return fail(`headers "${raw.get('headers')}" has an empty name`)
  const repeated = headers.find((h, i) => headers.indexOf(h) !== i)
  if (repeated) return fail(`headers lists ${repeated} twice`)
  return { ok: true, value: { keyId, algorithm, headers, signature } }
}

function isName(name: string): name is Name {
  return (NAMES as readonly string[]).includes(name)
}
