import { z } from './zod'

/** No C0 or C1 control character (line breaks and tabs included): they corrupt logs, CSV and headers. */
const NO_CONTROL = /^\P{Cc}*$/u

/**
 * The message of a text field whose value is no text: absent, it "is required"; any other JSON type (a
 * number such as 13039319955, true, an object) "must be text", since the field is there. `hint` follows
 * either (docs/decisions.md#zod-issue-formatting).
 */
export const textTypeError =
  (field: string, hint = '') =>
  (issue: { input?: unknown }): string =>
    `${field}${field === '' ? '' : ' '}${issue.input === undefined ? 'is required' : 'must be text'}${hint}`

/** The rule every text field of a request body follows, named for the field. */
export const noControlCharacters = (field: string) =>
  z
    .string({ error: textTypeError(field) })
    .check(
      z.regex(NO_CONTROL, `${field} must not contain control characters (a line break, a tab, U+0000...)`),
    )

/** Optional free text as the platform sends it: stored as sent, the empty string included. */
export const freeText = (field: string, max: number) =>
  noControlCharacters(field).check(z.maxLength(max, `${field} may have at most ${max} characters`))

/** Text that means something when present: trimmed, not empty. */
export const requiredText = (field: string, max: number) =>
  noControlCharacters(field).check(
    z.trim(),
    z.minLength(1, `${field} must not be empty`),
    z.maxLength(max, `${field} may have at most ${max} characters`),
  )

/**
 * A text's length as the contract's length rules count it: Unicode code points, as XML Schema's maxLength
 * counts Berlin Group's Max35Text and as zod's `maxLength` does; an emoji is one, a family emoji (joined by
 * U+200D) several (docs/decisions.md#text-length). Counters on screen count with this, never `.length`.
 */
export function characterCount(text: string): number {
  let count = 0
  for (const _ of text) count++
  return count
}
