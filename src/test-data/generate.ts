import type { IsoDate, TransactionCreateInput } from '../contract'
import { addDays } from './calendar'
import { mulberry32 } from './random'

export interface GenerateOptions {
  count: number
  /** Spread over the last `days` days, today included. */
  days: number
  seed: number
  today: IsoDate
  /** The card account's currency: every transactionAmount is in it. */
  currency: string
}

/** ISO 18245 codes a card statement typically shows, with a merchant for each. */
const merchants: ReadonlyArray<readonly [mcc: string, name: string]> = [
  ['5411', 'Grocery store'],
  ['5812', 'Restaurant'],
  ['5814', 'Fast food'],
  ['5541', 'Service station'],
  ['4111', 'Public transport'],
  ['4121', 'Taxi'],
  ['4511', 'Airline'],
  ['7011', 'Hotel'],
  ['5732', 'Electronics store'],
  ['5912', 'Pharmacy'],
  ['5942', 'Book store'],
  ['5999', 'Online shop'],
  ['7832', 'Cinema'],
  ['5311', 'Department store'],
]

/** Foreign currencies: units of it per Norwegian krone (rough, only for plausible figures), decimals. */
const foreign: ReadonlyArray<readonly [currency: string, perNok: number, decimals: number]> = [
  ['EUR', 0.086, 2],
  ['USD', 0.094, 2],
  ['SEK', 0.98, 2],
  ['GBP', 0.074, 2],
  ['JPY', 14.1, 0],
  ['KWD', 0.029, 3],
]

/**
 * Units of `currency` per krone: the account's own currency is converted through the krone, so a EUR
 * account's purchase in USD is about 1.09 USD per euro, not the 0.094 USD per krone it would be read as
 * otherwise. Undefined for a currency the table does not know: its purchases are all at home.
 */
function perNok(currency: string): number | undefined {
  return currency === 'NOK' ? 1 : foreign.find(([code]) => code === currency)?.[1]
}

/**
 * What a purchase of `cents` in the account's `currency` cost where it was made, `sign` negative for a
 * purchase and positive for a refund: in the foreign currency of a purchase `abroad`, converted through the
 * krone and rounded before its sign is given; at home, or where the account's currency has no rate (`home`
 * undefined), the account's own amount.
 */
function originalAmount(
  sign: 1 | -1,
  cents: number,
  currency: string,
  home: number | undefined,
  abroad: (typeof foreign)[number] | undefined,
): { currency: string; amount: string } {
  if (abroad === undefined || home === undefined || abroad[0] === currency) {
    return { currency, amount: minorToDecimal(sign * cents, 2) }
  }
  const [foreignCurrency, foreignPerNok, decimals] = abroad
  const rate = foreignPerNok / home
  return {
    currency: foreignCurrency,
    amount: minorToDecimal(sign * Math.round(cents * rate * 10 ** (decimals - 2)), decimals),
  }
}

/**
 * A card transaction is pending until it settles, a few days after the purchase: pending is a matter of
 * the date, so a five-year span pends about as many a day as it books, not a share of all its rows.
 */
const PENDING_DAYS = 4

/**
 * `count` transaction create bodies spread evenly over the last `days` days, reproducible from `seed`:
 * those of the last `PENDING_DAYS` pending, the older ones booked, purchases negative with some refunds,
 * one in five paid in a foreign currency. Oldest first, like a statement feed.
 */
export function generateTransactions({
  count,
  days,
  seed,
  today,
  currency,
}: GenerateOptions): TransactionCreateInput[] {
  const random = mulberry32(seed)
  const home = perNok(currency)
  const below = (n: number) => Math.floor(random() * n)
  const span = Math.max(1, Math.floor(days))
  const rows: Array<{ daysAgo: number; body: TransactionCreateInput }> = []
  // At most `span` distinct dates: each worked out once, not once per row (100,000 rows, a few hundred days).
  const dates: IsoDate[] = []
  const daysBefore = (n: number): IsoDate => (dates[n] ??= addDays(today, -n))
  for (let i = 0; i < count; i++) {
    const daysAgo = below(span)
    const isPending = daysAgo < PENDING_DAYS
    const transactionDate = daysBefore(daysAgo)
    // Log-uniform between 1.00 and 5000.00, in minor units so no float ever reaches the wire.
    const cents = Math.round(100 * Math.exp(random() * Math.log(5000)))
    const sign = random() < 0.08 ? 1 : -1
    const [mcc, name] = merchants[below(merchants.length)] ?? ['5999', 'Online shop']
    const abroad = random() < 0.2 ? foreign[below(foreign.length)] : undefined
    const original = originalAmount(sign, cents, currency, home, abroad)
    const body: TransactionCreateInput = {
      bookingStatus: isPending ? 'pending' : 'booked',
      transactionDate,
      ...(isPending ? {} : { bookingDate: daysBefore(Math.max(0, daysAgo - below(3))) }),
      transactionAmount: { currency, amount: minorToDecimal(sign * cents, 2) },
      originalAmount: original,
      merchantCategoryCode: mcc,
      transactionDetails: `${name} ${1 + below(90)}`,
    }
    rows.push({ daysAgo, body })
  }
  return rows.sort((a, b) => b.daysAgo - a.daysAgo).map((row) => row.body)
}

/** -12345 with 2 decimals is "-123.45"; integers only, so the string is exact. */
function minorToDecimal(units: number, decimals: number): string {
  const digits = String(Math.abs(units)).padStart(decimals + 1, '0')
  const sign = units < 0 ? '-' : ''
  if (decimals === 0) return sign + digits
  return `${sign}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`
}
