import { localToday } from '../contract'

/**
 * The one way the console writes a moment it saw itself (a scenario saved, a flow recorded, a request
 * sent): local time in ISO order, never the browser's locale (docs/decisions.md#console-dates). Dates a bank
 * sends are shown as sent; native date inputs stay the browser's (docs/decisions.md#typed-dates).
 */
type Moment = Date | number | string

const pad = (n: number) => String(n).padStart(2, '0')

/** `14:05:09`: a time of today, as the inspector lists requests. */
export function consoleTime(at: Moment, { seconds = true } = {}): string {
  const date = new Date(at)
  const minutes = `${pad(date.getHours())}:${pad(date.getMinutes())}`
  return seconds ? `${minutes}:${pad(date.getSeconds())}` : minutes
}

/** `2026-11-26 14:05`: a moment on any day. */
export function consoleDateTime(at: Moment, { seconds = false } = {}): string {
  const date = new Date(at)
  return `${localToday(date)} ${consoleTime(date, { seconds })}`
}
