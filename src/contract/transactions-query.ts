import { z } from 'zod'
import { isoDate } from './dates'

export const bookingStatuses = ['booked', 'pending', 'both'] as const
export type BookingStatus = (typeof bookingStatuses)[number]

/** Default page size when limit is absent (release 1.19.2). */
export const DEFAULT_LIMIT = 200
export const INT32_MAX = 2_147_483_647

/** A query-string integer: plain digits only, so "5.0", " 5" and "0x5" are refused rather than guessed. */
const queryInt = (name: string, min: number) =>
  z
    .string()
    .regex(/^[0-9]+$/, `${name} must be a whole number`)
    .transform(Number)
    .pipe(
      z
        .number()
        .min(min, `${name} must be at least ${min}`)
        .max(INT32_MAX, `${name} must be at most ${INT32_MAX} (int32)`),
    )

/** Query of GET .../transactions, from URLSearchParams entries (each value a string). */
export const transactionsQuery = z.object({
  bookingStatus: z.enum(bookingStatuses, {
    error: (issue) =>
      issue.input === undefined
        ? 'bookingStatus is required: one of booked, pending, both'
        : 'bookingStatus must be one of booked, pending, both',
  }),
  fromDate: isoDate.optional(),
  toDate: isoDate.optional(),
  offset: queryInt('offset', 0).default(0),
  limit: queryInt('limit', 1).default(DEFAULT_LIMIT),
})

export type TransactionsQueryInput = z.input<typeof transactionsQuery>
export type TransactionsQuery = z.output<typeof transactionsQuery>

/** The same query as a client sends it. */
export interface TransactionsParams {
  bookingStatus: BookingStatus
  fromDate?: string | undefined
  toDate?: string | undefined
  offset?: number
  limit?: number
}

export function transactionsSearchParams(params: TransactionsParams): URLSearchParams {
  const search = new URLSearchParams({ bookingStatus: params.bookingStatus })
  if (params.fromDate) search.set('fromDate', params.fromDate)
  if (params.toDate) search.set('toDate', params.toDate)
  if (params.offset !== undefined) search.set('offset', String(params.offset))
  if (params.limit !== undefined) search.set('limit', String(params.limit))
  return search
}
