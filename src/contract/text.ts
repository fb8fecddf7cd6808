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

/**
 * The bidirectional controls that reorder a run of text: "U+202E evil U+202C" shows as "live", so a
 * stored name or address would read on screen otherwise than it is held, as a line break in it would
 * forge a log line (the "Trojan Source" set: UTS #55, Rust's text_direction_codepoint lint). The marks
 * U+200E, U+200F and U+061C are kept: each acts as an invisible letter of its direction, so it reorders
 * nothing a Hebrew or Arabic letter could not, and right-to-left names need them for their digits and
 * punctuation to show right.
 */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/u

/**
 * Half of a surrogate pair without its other half: no character at all. UTF-8 cannot carry it (an encoder
 * writes U+FFFD in its place), so an export, a header or a log would hold other text than the sandbox.
 */
const LONE_SURROGATE = /\p{Cs}/u

/** A character's Unicode name in messages: `U+202E`, four hex digits at least. */
export const codePointName = (character: string) =>
  `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`

/**
 * Which rule a text field applies: `new` for what a client writes now; `stored` for what a sandbox keeps
 * or a file holds (read back, imported, a recorded flow's step), under the rule it was written by, so text
 * stored before the bidirectional and well-formedness rules still reads (as currencies do:
 * docs/decisions.md#currencies).
 */
export type TextRule = 'new' | 'stored'

/** The text rule of a schema whose currency rule is `currencies`: both say whether the write is new. */
export const textRuleOf = (currencies: 'iso' | 'stored'): TextRule =>
  currencies === 'iso' ? 'new' : 'stored'

/** The rule every text field of a request body follows, named for the field. */
export const noControlCharacters = (field: string, rule: TextRule = 'new') => {
  const text = z
    .string({ error: textTypeError(field) })
    .check(
      z.regex(NO_CONTROL, `${field} must not contain control characters (a line break, a tab, U+0000...)`),
    )
  if (rule === 'stored') return text
  return text.check(
    z.superRefine((value, ctx) => {
      const bidi = BIDI_CONTROL.exec(value)?.[0]
      if (bidi !== undefined) {
        const message = `${field} must not contain ${codePointName(bidi)}, a control character that reorders how the text shows`
        ctx.addIssue({ code: 'custom', message, input: value })
      }
      const lone = LONE_SURROGATE.exec(value)?.[0]
      if (lone !== undefined) {
        const message = `${field} is not well-formed Unicode: ${codePointName(lone)} is half of a character (a lone surrogate)`
        ctx.addIssue({ code: 'custom', message, input: value })
      }
    }),
  )
}

/** Optional free text as the platform sends it: stored as sent, the empty string included. */
export const freeText = (field: string, max: number, rule: TextRule = 'new') =>
  noControlCharacters(field, rule).check(z.maxLength(max, `${field} may have at most ${max} characters`))

/** Text that means something when present: trimmed, not empty. */
export const requiredText = (field: string, max: number, rule: TextRule = 'new') =>
  noControlCharacters(field, rule).check(
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

/** A value quoted in a message, by its start when long: the whole of a pasted page would bury the rule. */
export function shownValue(value: string, characters = 40): string {
  return value.length > characters
    ? `"${value.slice(0, characters)}…" (${value.length.toLocaleString('en')} characters)`
    : `"${value}"`
}
