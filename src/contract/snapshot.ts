import { type AccountBooks, accountBooks, OFFLINE_UPSTREAM } from './account-book'
import { amountWire } from './amount'
import { cardAccount } from './card-account'
import { isoDate } from './dates'
import { bookedTransaction, createdBookingStatuses } from './transaction'
import { z } from './zod'

/** A transaction as the sandbox keeps it: the answer's fields plus its status. */
export const storedTransaction = z.extend(bookedTransaction, {
  bookingStatus: z.enum(createdBookingStatuses),
  bookingDate: z.optional(isoDate),
  markupFee: z.optional(amountWire),
})
export type StoredTransaction = z.infer<typeof storedTransaction>

/** 201 answer of POST .../transactions: the stored transactions, ids filled in, in the order sent. */
export const transactionsCreated = z.object({ transactions: z.array(storedTransaction) })
export type TransactionsCreated = z.infer<typeof transactionsCreated>

/**
 * Every file the console exports starts with these three fields: one format name, a version that grows
 * when a file's shape changes, and what the file holds: `data` (the in-browser sandbox's accounts and
 * transactions, with the account book) or `account-book` (the book alone, for proxy mode, where the data
 * lives upstream), `scenario` (a named copy of the whole offline state, read by `scenarioFile` in
 * scenario.ts) or `flows` (presenter flows, src/contract/flow.ts). A reader checks them before anything else.
 * Version 3 added the account book; files of versions 1 and 2 (data without a book) still read.
 */
export const CONSOLE_FILE_FORMAT = 'sandbox-console'
export const CONSOLE_FILE_VERSION = 3
export const consoleFileKinds = ['data', 'account-book', 'flows'] as const
export type ConsoleFileKind = (typeof consoleFileKinds)[number]

/** The data export's format before the version field existed; still read, and migrated on reading. */
export const SNAPSHOT_FORMAT_V1 = 'sandbox-console/v1'

/** A stored record an export from a damaged store could not read: kept raw, with why, for a human. */
export const unreadableRecord = z.strictObject({
  /** Where it was stored: the object store's name and the record's key, when there was a record. */
  store: z.optional(z.string()),
  key: z.optional(z.unknown()),
  problem: z.string(),
  record: z.optional(z.unknown()),
})
export type UnreadableRecord = z.infer<typeof unreadableRecord>

export const cardAccountData = z.strictObject({
  account: cardAccount,
  transactions: z.array(storedTransaction),
})

export const formatField = z.literal(CONSOLE_FILE_FORMAT, {
  error: `format must be "${CONSOLE_FILE_FORMAT}" (or the older "${SNAPSHOT_FORMAT_V1}")`,
})
export const versionField = z.literal(CONSOLE_FILE_VERSION, {
  error: `version must be 2 or ${CONSOLE_FILE_VERSION}: a file from a newer console cannot be read here`,
})
const dataKind = z.literal('data', { error: 'kind must be "data": only data exports can be imported here' })
// The data tools read data and books; flows have their own reader (consoleFileHead below).
const anyKind = z.enum(['data', 'account-book'], {
  error: 'kind must be "data" or "account-book"',
})

/** The account book part of a file: every upstream's book, by upstream. */
export const accountBookPart = z.strictObject({ books: accountBooks })

const snapshotV3 = z.strictObject({
  format: formatField,
  version: versionField,
  kind: dataKind,
  exportedAt: z.optional(z.string()),
  /**
   * Set by the export of a store that could not be read whole: `cardAccounts` holds what could be read
   * (and would import), `unreadable` the rest. Importing such a file imports `cardAccounts` only.
   */
  damaged: z.optional(z.literal(true)),
  unreadable: z.optional(z.array(unreadableRecord)),
  cardAccounts: z.array(cardAccountData),
  /** The console's account book when the file was written; absent from files before version 3. */
  accountBook: z.optional(accountBookPart),
})

const bookFileV3 = z.strictObject({
  format: formatField,
  version: versionField,
  kind: z.literal('account-book'),
  exportedAt: z.optional(z.string()),
  accountBook: accountBookPart,
})

/**
 * The head is read one field at a time, each only once the one before it holds: a file of another format is
 * told that alone, not also that its version and kind are wrong, which would send its reader the wrong way.
 * An issue raised here stops the parse before the body is looked at.
 */
export function headReader(kindField: z.ZodMiniType) {
  return (input: unknown, ctx: z.core.ParsePayload): unknown => {
    const file = migrate(input)
    if (typeof file !== 'object' || file === null || Array.isArray(file)) return file
    const { createdBy, ...fields } = file as Record<string, unknown>
    // Written after the head by every console that saves a file (src/ui/download.ts), for people: read, then
    // left out, so no file schema has to know it and files written before it read the same.
    if (createdBy !== undefined && typeof createdBy !== 'string') {
      const message = 'createdBy must be text naming the console that wrote the file'
      ctx.issues.push({ code: 'custom', message, path: ['createdBy'], input: createdBy })
      return file
    }
    for (const [field, schema] of [
      ['format', formatField],
      ['version', versionField],
      ['kind', kindField],
    ] as const) {
      const checked = schema.safeParse(fields[field])
      if (!checked.success) {
        const message = checked.error.issues[0]?.message ?? `${field} is not valid`
        ctx.issues.push({ code: 'custom', message, path: [field], input: fields[field] })
        return file
      }
    }
    return fields
  }
}

/** The head check of any kind of file: format, then version, then `kind`, each told alone. */
export const consoleFileHead = (kindField: z.ZodMiniType) => headReader(kindField)

/**
 * Version 1 had its own format name and no version or kind; version 2 had no account book. Both are data
 * files of the current version without a book.
 */
function migrate(input: unknown): unknown {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return input
  const { format, ...rest } = input as Record<string, unknown>
  // A v1 file never had these: one that has them is not a v1 file, and is refused as it is.
  if (format === SNAPSHOT_FORMAT_V1 && !('version' in rest) && !('kind' in rest)) {
    return { format: CONSOLE_FILE_FORMAT, version: CONSOLE_FILE_VERSION, kind: 'data', ...rest }
  }
  // A v2 file never had a book: one that has it is not a v2 file, and is refused as it is.
  if (format === CONSOLE_FILE_FORMAT && rest.version === 2 && !('accountBook' in rest)) {
    return { ...input, version: CONSOLE_FILE_VERSION }
  }
  return input
}

/**
 * The data export/import file: every account with its transactions in creation order (oldest first), and
 * the account book. Reads the current version and the earlier ones alike; the output is always the current
 * version.
 */
export const sandboxSnapshot = z.pipe(z.transform(headReader(dataKind)), snapshotV3)
export type SandboxSnapshot = z.infer<typeof sandboxSnapshot>

/** The account book alone: what proxy mode exports, where the data lives upstream. */
export type AccountBookFile = z.infer<typeof bookFileV3>

/** Any file the console exports, told apart by its kind; every version it ever wrote reads. */
export const consoleFile = z.pipe(
  z.transform(headReader(anyKind)),
  z.discriminatedUnion('kind', [snapshotV3, bookFileV3]),
)

export type ConsoleFile = z.infer<typeof consoleFile>

/** The data file with the account book in it, so one file holds both. */
export function withAccountBook(snapshot: SandboxSnapshot, books: AccountBooks): SandboxSnapshot {
  return { ...snapshot, accountBook: { books } }
}

/**
 * The account book alone, as proxy mode exports it: every upstream's book but the in-browser sandbox's,
 * which travels only with that sandbox's data (a book naming accounts the data lacks would mislead).
 */
export function accountBookFile(
  books: AccountBookFile['accountBook']['books'],
  exportedAt: string,
): AccountBookFile {
  return {
    format: CONSOLE_FILE_FORMAT,
    version: CONSOLE_FILE_VERSION,
    kind: 'account-book',
    exportedAt,
    accountBook: { books: withoutOfflineBook(books) },
  }
}

/** Every upstream's book but the in-browser sandbox's. */
export function withoutOfflineBook(books: AccountBooks): AccountBooks {
  const { [OFFLINE_UPSTREAM]: _, ...rest } = books
  return rest
}
