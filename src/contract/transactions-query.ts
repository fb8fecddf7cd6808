import { isoDate } from './dates'
import { type Problem, problemFromZod, type TppMessage } from './errors'
import { z } from './zod'

export const bookingStatuses = ['booked', 'pending', 'both'] as const
export type BookingStatus = (typeof bookingStatuses)[number]

/** Default page size when limit is absent (release 1.19.2). */
export const DEFAULT_LIMIT = 200
export const INT32_MAX = 2_147_483_647
/**
 * The most transactions one page may ask for (docs/decisions.md#pagination): the platform documents no
 * maximum, and an unbounded one let one read answer 45.6 MB. A page of this many stays near 1 MB.
 */
export const MAX_LIMIT = 1000

/**
 * A query-string integer: plain digits only, so "5.0", " 5", "+5" and "0x5" are refused rather than
 * guessed. Each message states the rule and an accepted value; a negative number is told the minimum,
 * not that it is not a whole number.
 */
const queryInt = (name: string, min: 0 | 1, example: number, max = INT32_MAX) => {
  const range = `a whole number from ${min} to ${max}, digits only, e.g. ${name}=${example}`
  const rule = `${name} must be ${range}`
  const atLeast = `${name} must be ${min} or more, e.g. ${name}=${example}`
  return z.pipe(
    z.pipe(
      z.string({ error: `${name} must appear once in the query, as ${range}` }).check(
        z.regex(/^[0-9]+$/, {
          error: (issue) => (/^-0*[1-9][0-9]*$/.test(String(issue.input)) ? atLeast : rule),
        }),
      ),
      z.transform(Number),
    ),
    z
      .number()
      .check(
        z.gte(min, atLeast),
        z.lte(
          max,
          max === INT32_MAX
            ? `${name} must be at most ${INT32_MAX} (the int32 maximum)`
            : `${name} must be at most ${max}, the most transactions one page holds; page on with offset`,
        ),
      ),
  )
}

/**
 * Query of GET .../transactions, from URLSearchParams entries (each value a string). Strict: a parameter
 * it does not name is refused rather than ignored (see {@link problemFromQuery}).
 */
export const transactionsQuery = transactionsQueryFor()

/**
 * The query as a sandbox shaped like another bank reads it (a bank profile's page cap and unknown
 * parameters, src/sandbox-http/personality.ts): `limit` up to `maxLimit`, and a parameter it does not name
 * refused or dropped.
 */
export function transactionsQueryFor({
  maxLimit = MAX_LIMIT,
  unknownParameters = 'refused',
}: {
  maxLimit?: number
  unknownParameters?: 'refused' | 'ignored'
} = {}) {
  const shape = {
    bookingStatus: z.enum(bookingStatuses, {
      error: (issue) =>
        issue.input === undefined
          ? 'bookingStatus is required: one of booked, pending, both'
          : Array.isArray(issue.input)
            ? 'bookingStatus must appear once in the query, as one of booked, pending, both'
            : 'bookingStatus must be one of booked, pending, both',
    }),
    fromDate: z.optional(isoDate),
    toDate: z.optional(isoDate),
    offset: z._default(queryInt('offset', 0, 0), 0),
    limit: z._default(queryInt('limit', 1, Math.min(DEFAULT_LIMIT, maxLimit), maxLimit), DEFAULT_LIMIT),
  }
  return unknownParameters === 'refused' ? z.strictObject(shape) : z.object(shape)
}

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

/** What a client may have meant by a parameter the operation does not take. */
const parameterHints: Readonly<Record<string, string>> = {
  // The platform's own account-information endpoints name the period so.
  dateFrom: 'fromDate',
  dateTo: 'toDate',
}

/**
 * The parameter a client plainly meant by `key`, among those the operation takes (`known`): the platform's
 * name for it, or the same name in another case; undefined when nothing is plain. The proxy says it too.
 */
export function meantParameter(key: string, known: readonly string[]): string | undefined {
  const hinted = parameterHints[key]
  if (hinted !== undefined && known.includes(hinted)) return hinted
  return known.find((name) => name.toLowerCase() === key.toLowerCase())
}

/**
 * The 400 of a query the schema refused: PARAMETER_NOT_SUPPORTED for each parameter the operation does not
 * take, naming it and, where it is plain what was meant, the one to use (docs/decisions.md#query-errors);
 * FORMAT_ERROR for each bad value.
 */
export function problemFromQuery(
  error: z.core.$ZodError,
  schema: z.ZodMiniObject = transactionsQuery,
): Problem {
  const known = Object.keys(schema.shape)
  const unsupported: TppMessage[] = error.issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => {
          const meant = meantParameter(key, known)
          const hint = meant === undefined ? `; it takes ${known.join(', ')}` : `: use ${meant}`
          return {
            category: 'ERROR' as const,
            code: 'PARAMETER_NOT_SUPPORTED',
            path: key,
            text: `${key} is not a query parameter of this operation${hint}`,
          }
        })
      : [],
  )
  const rest = error.issues.filter((issue) => issue.code !== 'unrecognized_keys')
  const formatErrors = rest.length === 0 ? [] : problemFromZod(new z.core.$ZodError(rest)).messages
  return { status: 400, messages: [...unsupported, ...formatErrors] }
}
