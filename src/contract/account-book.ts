import { z } from 'zod'

/**
 * The console's own book of card accounts, per upstream (docs/decisions.md#account-book): what it keeps
 * in the browser, and what its data files carry. Keyed by upstream: `this browser` for the in-browser
 * sandbox, the upstream's base URL in proxy mode.
 */
export const bookEntry = z.object({
  id: z.string().min(1),
  /** The account object as the sandbox last sent it (the create's 201 or a GET), as it came. */
  account: z.unknown().optional(),
  /** From a transactions answer, when the account object could not be read. */
  maskedPan: z.string().optional(),
  origin: z.enum(['created', 'opened']),
  addedAt: z.string(),
  lastSeenAt: z.string(),
  /** Why the account object could not be read, in words. */
  note: z.string().optional(),
})
export type BookEntry = z.infer<typeof bookEntry>

export const upstreamBook = z.object({
  /** A local upstream keeps its data in memory: once another local one starts, this one is gone. */
  local: z.boolean().optional(),
  entries: z.array(bookEntry),
  /** Ids removed from the book that the upstream's own list still names: the console leaves them out. */
  hidden: z.array(z.string()).default([]),
})
export type UpstreamBook = z.infer<typeof upstreamBook>

/** Every upstream's book, by upstream. */
export const accountBooks = z.record(z.string().min(1), upstreamBook)
export type AccountBooks = z.infer<typeof accountBooks>

/** The book of the in-browser sandbox: it travels with that sandbox's data, never without it. */
export const OFFLINE_UPSTREAM = 'this browser'
