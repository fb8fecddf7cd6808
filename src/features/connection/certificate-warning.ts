const DAY_MS = 24 * 60 * 60 * 1000
/** How long before its end a certificate is worth a warning: time to get a new one registered. */
export const WARN_DAYS = 30

/** What to say of a signing certificate's validity, if anything: expired, not yet valid, or expiring soon. */
export function certificateWarning(
  notBefore: Date,
  notAfter: Date,
  now: Date = new Date(),
): string | undefined {
  if (now > notAfter)
    return `This certificate expired on ${day(notAfter)}: the sandbox refuses what it signs.`
  if (now < notBefore)
    return `This certificate is not valid before ${day(notBefore)}: the sandbox refuses what it signs.`
  const left = Math.floor((notAfter.getTime() - now.getTime()) / DAY_MS)
  if (left >= WARN_DAYS) return undefined
  const when = left === 0 ? 'today' : left === 1 ? 'tomorrow' : `in ${left} days`
  return `This certificate expires ${when} (${day(notAfter)}): get a new one registered with the bank.`
}

function day(date: Date): string {
  return date.toISOString().slice(0, 10)
}
