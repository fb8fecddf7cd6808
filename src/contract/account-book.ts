import { z } from './zod'

/**
 * The console's own book of card accounts, per upstream (docs/decisions.md#account-book): what it keeps
 * in the browser, and what its data files carry. Keyed by upstream: `this browser` for the in-browser
 * sandbox, the upstream's base URL in proxy mode.
 */
export const bookEntry = z.object({
  id: z.string().check(z.minLength(1)),
  /** The account object as the sandbox last sent it (the create's 201 or a GET), as it came. */
  account: z.optional(z.unknown()),
  /** From a transactions answer, when the account object could not be read. */
  maskedPan: z.optional(z.string()),
  origin: z.enum(['created', 'opened']),
  addedAt: z.string(),
  lastSeenAt: z.string(),
  /** Why the account object could not be read, in words. */
  note: z.optional(z.string()),
})
export type BookEntry = z.infer<typeof bookEntry>

export const upstreamBook = z.object({
  /** A local upstream keeps its data in memory: once another local one starts, this one is gone. */
  local: z.optional(z.boolean()),
  entries: z.array(bookEntry),
  /** Ids removed from the book that the upstream's own list still names: the console leaves them out. */
  hidden: z._default(z.array(z.string()), []),
})
export type UpstreamBook = z.infer<typeof upstreamBook>

/** Every upstream's book, by upstream. */
export const accountBooks = z.record(z.string().check(z.minLength(1)), upstreamBook)
export type AccountBooks = z.infer<typeof accountBooks>

/** The book of the in-browser sandbox: it travels with that sandbox's data, never without it. */
export const OFFLINE_UPSTREAM = 'this browser'
