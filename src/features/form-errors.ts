import { type FieldError, type FieldErrors, type FieldValues, get, type Resolver, set } from 'react-hook-form'
import { ApiError } from '../api'
import type { TppMessage } from '../contract'
import { LONGER_NAMES_LABEL } from './longer-names'

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
 * The label on screen of every field a form sends, by its body path with row numbers left out: the one
 * place the wire's names become the words a tester reads. Wire paths stay in the inspector.
 */
export const fieldLabels: Readonly<Record<string, string>> = {
  // The card account form.
  maskedPan: 'Masked PAN',
  currency: 'Currency',
  customerNumber: 'Customer number',
  customerType: 'Customer type',
  name: 'Name',
  product: 'Product',
  creditLimit: 'Credit limit',
  'creditLimit.amount': 'Credit limit amount',
  'creditLimit.currency': 'Credit limit currency',
  status: 'Status',
  cardId: 'Card id',
  cardIdVNo: 'Card id version',
  accountNumber: 'Account number',
  expiry: 'Expiry',
  balances: 'Balances',
  'balances.balanceAmount.amount': 'Balance amount',
  'balances.balanceAmount.currency': 'Balance currency',
  'balances.balanceType': 'Balance type',
  'balances.referenceDate': 'Reference date',
  // A row of the transactions form.
  bookingStatus: 'Status',
  transactionDate: 'Transaction date',
  bookingDate: 'Booking date',
  transactionAmount: 'Amount',
  'transactionAmount.amount': 'Amount',
  'transactionAmount.currency': 'Amount currency',
  originalAmount: 'Original amount',
  'originalAmount.amount': 'Original amount',
  'originalAmount.currency': 'Original currency',
  merchantCategoryCode: 'MCC',
  cardTransactionId: 'Transaction id',
  valueDate: 'Value date',
  terminalId: 'Terminal id',
  cardAcceptorId: 'Card acceptor id',
  markupFee: 'Markup fee',
  'markupFee.amount': 'Markup fee amount',
  'markupFee.currency': 'Markup fee currency',
  markupFeePercentage: 'Markup fee percentage',
  invoiced: 'Invoiced',
  transactionDetails: 'Transaction details',
  proprietaryBankTransactionCode: 'Bank transaction code',
  cardAcceptorAddress: 'Card acceptor address',
  'cardAcceptorAddress.street': 'Street',
  'cardAcceptorAddress.buildingNumber': 'Building number',
  'cardAcceptorAddress.postalCode': 'Postal code',
  'cardAcceptorAddress.city': 'City',
  'cardAcceptorAddress.country': 'Country',
  // The Settle dialog.
  newCardTransactionId: 'New cardTransactionId',
  pendingForMoreThanDays: 'Days pending',
}

/** A field's path without its row: `transactions.3.originalAmount.amount` and `[3].originalAmount.amount`. */
function fieldKey(path: string): string {
  return fieldName(path)
    .replace(/^transactions\.\d+\./, '')
    .replace(/^\d+\./, '')
    .replace(/^balances\.\d+\./, 'balances.')
}

/** The label of the field a path names (rows left out), when it is a field of a form. */
export function labelOf(path: string): string | undefined {
  return fieldLabels[fieldKey(path)]
}

// Wire names written in camelCase are never English words, so each can be replaced wherever it stands.
const wireNames = Object.keys(fieldLabels)
  .filter((key) => !key.includes('.') && /[a-z][A-Z]/.test(key))
  .sort((a, b) => b.length - a.length)
const wireName = new RegExp(`\\b(${wireNames.join('|')})\\b`, 'g')

/**
 * A message of the contract's rules or of the sandbox (`[3].transactionAmount.amount must be…`,
 * `amount must be…` at `transactionAmount.amount`) in the words of the labels on screen: "Amount must
 * be…". The leading path, full or its last part, becomes the field's label, other wire names in the text
 * become theirs, and the name limit's fix is the checkbox under the name field that sends it.
 */
export function inLabelWords(path: string | undefined, text: string): string {
  const label = path === undefined ? undefined : labelOf(path)
  let words = text.replace(/^(\[\d+\])(\.\S+)?\s/, (_, _row: string, rest: string | undefined) =>
    rest === undefined ? '' : `${rest.slice(1)} `,
  )
  if (path !== undefined && label !== undefined) {
    const key = fieldKey(path)
    const leaf = key.split('.').at(-1) ?? key
    const prefix = [path, key, leaf].find((p) => words.startsWith(`${p} `) || words.startsWith(`${p}:`))
    // A form's own rule may already speak the label ("Markup fee percentage must be…"): said once.
    words =
      prefix !== undefined
        ? `${label}${words.slice(prefix.length)}`
        : words.startsWith(`${label} `)
          ? words
          : /^(must|is|may) /.test(words)
            ? `${label} ${words}`
            : `${label}: ${words}`
  }
  return capitalised(
    words
      .replace(
        /\s*\((\d+) with accept-fix: longer-names?\)/,
        `; turn on "${LONGER_NAMES_LABEL}" (below) for $1`,
      )
      .replace(wireName, (name: string) => midSentence(fieldLabels[name] ?? name))
      .replace(/\[(\d+)\]/g, (_, row: string) => `row ${Number(row) + 1}`),
  )
}

/** "Transaction date" inside a sentence is "transaction date"; "MCC" stays. */
function midSentence(label: string): string {
  return /^[A-Z][a-z]/.test(label) ? label.charAt(0).toLowerCase() + label.slice(1) : label
}

/** A message that starts a line: its first letter upper-case. */
export function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/**
 * Splits the sandbox's messages into those that name a field of the form (marked on the field with
 * `mark`, in the words of its label) and the rest, which the form shows in its alert.
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
    if (name !== undefined && isField(name))
      mark(name, { ...message, text: inLabelWords(name, message.text) })
    else rest.push(message)
  }
  return rest
}

/** A form's alert: the sandbox's messages no field took, or a sentence; and the condition that shaped them. */
export interface FormFailure {
  shown: TppMessage[] | string
  condition?: string | undefined
}

/** What an alert says of a failed request: the sandbox's messages, or the error's own words. */
export const failureShown = (error: Error): TppMessage[] | string =>
  error instanceof ApiError ? error.messages : error.message

/**
 * The alert for a write that failed: the messages of the sandbox's refusal that `unmarked` leaves over once
 * it has marked the fields (`refused` when it leaves none), or the error's own words when no refusal came.
 */
export function formFailure(
  error: unknown,
  unmarked: (messages: readonly TppMessage[]) => TppMessage[],
  refused: string,
): FormFailure {
  if (!(error instanceof ApiError)) return { shown: error instanceof Error ? error.message : String(error) }
  const rest = unmarked(error.messages)
  return { shown: rest.length > 0 ? rest : refused, condition: error.condition }
}

/**
 * What a date input's error means to the person who typed it. A browser's date field holds no value
 * while what was typed is not a real day (30 February) or not complete, and says so only through
 * `validity.badInput`; the contract then sees an empty string and would ask for "YYYY-MM-DD", a form
 * the tester never typed. Other errors of a date that was read (before the booking date…) stand.
 */
export function dateInWords(path: string, message: string, root: ParentNode = document): string {
  const input = root.querySelector(`input[type="date"][name="${path}"]`)
  if (!(input instanceof HTMLInputElement)) return message
  const label = labelOf(path) ?? 'This date'
  // The field takes years past 9999 (typing on past four digits), which the wire's dates do not.
  const longYear = /^\+?(\d{5,})-/.exec(input.value)?.[1]
  if (longYear !== undefined)
    return `${label}: the year ${longYear} has more than four digits: enter a real date`
  if (input.value !== '') return message
  return input.validity.badInput
    ? `${label}: that day does not exist, the date is not complete, or its year has more than four digits (30 February is no day): enter a real date`
    : `${label} is required: enter a date`
}

/**
 * A form's resolver whose messages speak the labels: the contract's rules name wire fields, the form
 * shows them under the field's label. `refine` may rewrite a message further, knowing the values.
 */
export function inLabelWordsResolver<V extends FieldValues, C, T extends FieldValues>(
  resolver: Resolver<V, C, T>,
  refine: (path: string, message: string, values: V) => string = (_, message) => message,
): Resolver<V, C, T> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options)
    // An optional date typed as no day (30 February) reaches the schema as blank, which it allows: the
    // form would send the rest without it and say nothing.
    const unreadable = (options.names ?? []).filter((name) => isUnreadableDate(get(options.fields, name)))
    // A success has no errors to say in words.
    if (Object.keys(result.errors).length === 0 && unreadable.length === 0) return result
    const errors = relabel(result.errors, '', (path, message) =>
      refine(path, dateInWords(path, inLabelWords(path, message)), values),
    ) as FieldErrors<V>
    for (const name of unreadable) {
      if (get(errors, name) === undefined) {
        set(errors, name, { type: 'badInput', message: refine(name, dateInWords(name, ''), values) })
      }
    }
    return { values: {}, errors }
  }
}

/** A registered date field holding text the browser could not read as a day (it then gives the form ''). */
function isUnreadableDate(field: { ref?: unknown } | undefined): boolean {
  const input = field?.ref
  return input instanceof HTMLInputElement && input.type === 'date' && input.validity.badInput
}

function relabel(node: unknown, path: string, say: (path: string, message: string) => string): unknown {
  if (typeof node !== 'object' || node === null) return node
  const error = node as FieldError
  if (typeof error.message === 'string' && typeof error.type === 'string') {
    return { ...error, message: say(path, error.message) }
  }
  if (Array.isArray(node)) {
    // A field array's errors are a sparse array that may also carry `root`.
    const rows = node.map((child, i) => relabel(child, join(path, String(i)), say))
    return Object.assign(rows, 'root' in node ? { root: relabel(node.root, path, say) } : {})
  }
  return Object.fromEntries(
    Object.entries(node).map(([key, child]) =>
      key === 'ref' || key === 'root' ? [key, child] : [key, relabel(child, join(path, key), say)],
    ),
  )
}

const join = (path: string, key: string) => (path === '' ? key : `${path}.${key}`)
