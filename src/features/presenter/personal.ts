import { LIST_CORPORATE_ID } from '../../api'
import { personalFields, personalHeaders } from '../../contract'

/**
 * Where a personal value (src/contract/personal.ts) sits in what the console shows or writes: the one finder
 * both the screen's masking (./mask.ts) and the files' redaction (../share/redact.ts) use, so the two cannot
 * disagree on what is personal. Each caller says what a value becomes.
 */
export type Replace = (value: string) => string

/**
 * The account list's PSU-Corporate-ID, `*` (LIST_CORPORATE_ID), stands for every customer at once: it names
 * no one, so it stays as sent. Masked, it read as a one-character id ("•"), which no customer has.
 */
const namesSomeone =
  (replace: Replace): Replace =>
  (value) =>
    value === LIST_CORPORATE_ID ? value : replace(value)

const headerSet = new Set(personalHeaders.map((name) => name.toLowerCase()))

/** Compared in lower case, as HTTP does. */
export function isPersonalHeader(name: string): boolean {
  return headerSet.has(name.toLowerCase())
}

export function replacePersonalHeaders(
  headers: readonly (readonly [string, string])[],
  replace: Replace,
): [string, string][] {
  return headers.map(([name, value]) => [name, isPersonalHeader(name) ? namesSomeone(replace)(value) : value])
}

// A string value (an escaped quote does not end it) or a bare number; the JSON is edited as text, so every
// other value keeps its spelling (amounts their digits) and a body that is not JSON still gets its fields found.
const personalField = new RegExp(
  `("(?:${personalFields.join('|')})"\\s*:\\s*)(?:"((?:[^"\\\\]|\\\\.)*)"|(-?\\d+(?:\\.\\d+)?))`,
  'g',
)

/** Every personal field of a body, compact or indented; the value as written (escapes included) is replaced. */
export function replacePersonalFields(body: string, replace: Replace): string {
  return body.replace(
    personalField,
    (_, key: string, text: string | undefined, number: string | undefined) =>
      `${key}"${namesSomeone(replace)(text ?? number ?? '')}"`,
  )
}

const signedLine = new RegExp(
  `^(${personalHeaders.map((name) => name.toLowerCase()).join('|')}): (.*)$`,
  'gm',
)

/** A draft-cavage signing string names its headers in lower case, one per line. */
export function replacePersonalSignedLines(signingString: string, replace: Replace): string {
  return signingString.replace(
    signedLine,
    (_, name: string, value: string) => `${name}: ${namesSomeone(replace)(value)}`,
  )
}
