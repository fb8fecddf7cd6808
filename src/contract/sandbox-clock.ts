import { addDays, type IsoDate, isoDate } from './dates'
import { isJsonNumber } from './json'
import { z } from './zod'

/** How far the clock may be moved either way: a century is past any test's need, and keeps dates 4-digit. */
export const MAX_CLOCK_OFFSET_DAYS = 36_500

/**
 * A whole number within the bounds, as a body read with the lossless parser gives it (a JSON number's
 * literal) or as a JavaScript number; `orNull` where the field takes null too. Its messages state the rule
 * without the field's name, which problemFromZod puts first (docs/decisions.md#zod-issue-formatting):
 * "is required: …" when absent, "must be …, not …" otherwise.
 */
export const jsonInt = (min: number, max: number, { orNull = false } = {}) => {
  const rule = `a whole number from ${min} to ${max}${orNull ? ', or null' : ''}`
  const error = ({ input }: { input?: unknown }) =>
    input === undefined ? `is required: ${rule}` : `must be ${rule}, not ${JSON.stringify(input)}`
  return z.pipe(
    z.transform((value) => (isJsonNumber(value) ? Number(value.value) : value)),
    z.int({ error }).check(z.gte(min, { error }), z.lte(max, { error })),
  )
}

/**
 * The sandbox clock: it follows the real date, `offsetDays` ahead (or behind when negative), or stands
 * still on `date`. It drives the domain rules only; signatures, Date skew and certificates keep real time.
 */
const follows = z.strictObject({
  kind: z.literal('follows'),
  offsetDays: jsonInt(-MAX_CLOCK_OFFSET_DAYS, MAX_CLOCK_OFFSET_DAYS),
})
const frozen = z.strictObject({ kind: z.literal('frozen'), date: isoDate })
const SETTINGS = '{"kind":"follows","offsetDays":<days>} or {"kind":"frozen","date":"YYYY-MM-DD"}'

/** The setting's kinds named as they are, whatever was sent instead (an unknown kind, none, no object). */
const settingError = ({ input }: { input?: unknown }) => {
  if (input === undefined) return `is required: ${SETTINGS}`
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return `must be ${SETTINGS}`
  const kind = (input as { kind?: unknown }).kind
  const sent = kind === undefined ? 'none was sent' : `not ${JSON.stringify(kind)}`
  return `kind must be "follows" (with offsetDays) or "frozen" (with date), ${sent}`
}

export const clockSetting = z.discriminatedUnion('kind', [follows, frozen], { error: settingError })
export type ClockSetting = z.infer<typeof clockSetting>

/**
 * What a sandbox keeps of its clock (serialisable: a scenario saves it). `settlePendingAfterDays`: when
 * the clock is set, every pending transaction at least that many days old settles as booked.
 */
export const sandboxClockState = z.strictObject({
  setting: clockSetting,
  settlePendingAfterDays: z.nullable(jsonInt(0, MAX_CLOCK_OFFSET_DAYS, { orNull: true })),
})
export type SandboxClockState = z.infer<typeof sandboxClockState>

export const realClock: SandboxClockState = {
  setting: { kind: 'follows', offsetDays: 0 },
  settlePendingAfterDays: null,
}

/** The clock's answer: its state, the day it makes today, the real day, and what setting it settled. */
export const sandboxClockAnswer = z.extend(sandboxClockState, {
  today: isoDate,
  realToday: isoDate,
  /** Set only by a POST: how many pending transactions the automatic rule settled. */
  settled: z.optional(jsonInt(0, Number.MAX_SAFE_INTEGER)),
})
export type SandboxClockAnswer = z.infer<typeof sandboxClockAnswer>

/** How the console reads the clock: fields a sandbox adds are kept (docs/decisions.md#liberal-reading). */
export const sandboxClockAnswerFromServer = z.extend(z.catchall(sandboxClockAnswer, z.unknown()), {
  setting: z.discriminatedUnion('kind', [z.catchall(follows, z.unknown()), z.catchall(frozen, z.unknown())]),
})

/** The day a setting makes today, given the real one. */
export function clockToday(setting: ClockSetting, realToday: IsoDate): IsoDate {
  return setting.kind === 'frozen' ? setting.date : addDays(realToday, setting.offsetDays)
}

/** True when the clock says what the calendar says: no badge needed. */
export function isRealClock(answer: Pick<SandboxClockAnswer, 'today' | 'realToday' | 'setting'>): boolean {
  return answer.setting.kind === 'follows' && answer.today === answer.realToday
}
