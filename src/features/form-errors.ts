import type { TppMessage } from '../contract'

/**
 * A tppMessages `path` as a react-hook-form field name: `maskedPan` stays, `[3].transactionAmount.amount`
 * under `prefix` "transactions" becomes `transactions.3.transactionAmount.amount`.
 */
export function fieldName(path: string, prefix?: string): string {
  const dotted = path.replace(/\[(\d+)\]/g, '.$1').replace(/^\./, '')
  return prefix === undefined ? dotted : `${prefix}.${dotted}`
}

/** The row a batch message is about (`[3]…` → 3), if any. */
export function rowIndex(path: string | undefined): number | undefined {
  const match = path?.match(/^\[(\d+)\]/)
  return match?.[1] === undefined ? undefined : Number(match[1])
}

/**
 * Splits the sandbox's messages into those that name a field of the form (marked on the field with
 * `mark`) and the rest, which the form shows in its alert.
 */
export function markFields(
  messages: readonly TppMessage[],
  isField: (name: string) => boolean,
  mark: (name: string, message: TppMessage) => void,
  prefix?: string,
): TppMessage[] {
  const rest: TppMessage[] = []
  for (const message of messages) {
    const name = message.path === undefined ? undefined : fieldName(message.path, prefix)
    if (name !== undefined && isField(name)) mark(name, message)
    else rest.push(message)
  }
  return rest
}
