import { z } from 'zod'
import { amountWire } from './amount'
import { cardAccount } from './card-account'
import { isoDate } from './dates'
import { bookedTransaction, createdBookingStatuses } from './transaction'

/** A transaction as the sandbox keeps it: the answer's fields plus its status. */
export const storedTransaction = bookedTransaction.extend({
  bookingStatus: z.enum(createdBookingStatuses),
  bookingDate: isoDate.optional(),
  markupFee: amountWire.optional(),
})
export type StoredTransaction = z.infer<typeof storedTransaction>

/** 201 answer of POST .../transactions: the stored transactions, ids filled in, in the order sent. */
export const transactionsCreated = z.object({ transactions: z.array(storedTransaction) })
export type TransactionsCreated = z.infer<typeof transactionsCreated>

/**
 * Every file the console exports starts with these three fields: one format name, a version that grows
 * when a file's shape changes, and what the file holds (`data` now; the account book and scenarios later
 * get kinds of their own). A reader checks them before anything else.
 */
export const CONSOLE_FILE_FORMAT = 'sandbox-console'
export const CONSOLE_FILE_VERSION = 2

/** The data export's format before the version field existed; still read, and migrated on reading. */
export const SNAPSHOT_FORMAT_V1 = 'sandbox-console/v1'

/** A stored record an export from a damaged store could not read: kept raw, with why, for a human. */
export const unreadableRecord = z.strictObject({
  /** Where it was stored: the object store's name and the record's key, when there was a record. */
  store: z.string().optional(),
  key: z.unknown().optional(),
  problem: z.string(),
  record: z.unknown().optional(),
})
export type UnreadableRecord = z.infer<typeof unreadableRecord>

const cardAccountData = z.strictObject({ account: cardAccount, transactions: z.array(storedTransaction) })

const formatField = z.literal(CONSOLE_FILE_FORMAT, {
  error: `format must be "${CONSOLE_FILE_FORMAT}" (or the older "${SNAPSHOT_FORMAT_V1}")`,
})
const versionField = z.literal(CONSOLE_FILE_VERSION, {
  error: `version must be ${CONSOLE_FILE_VERSION}: a file from a newer console cannot be read here`,
})
const kindField = z.literal('data', { error: 'kind must be "data": only data exports can be imported here' })

const snapshotV2 = z.strictObject({
  format: formatField,
  version: versionField,
  kind: kindField,
  exportedAt: z.string().optional(),
  /**
   * Set by the export of a store that could not be read whole: `cardAccounts` holds what could be read
   * (and would import), `unreadable` the rest. Importing such a file imports `cardAccounts` only.
   */
  damaged: z.literal(true).optional(),
  unreadable: z.array(unreadableRecord).optional(),
  cardAccounts: z.array(cardAccountData),
})

/**
 * The head is read one field at a time, each only once the one before it holds: a file of another format is
 * told that alone, not also that its version and kind are wrong, which would send its reader the wrong way.
 * An issue raised here stops the parse before the body is looked at.
 */
function readHead(input: unknown, ctx: z.RefinementCtx): unknown {
  const file = migrateV1(input)
  if (typeof file !== 'object' || file === null || Array.isArray(file)) return file
  const fields = file as Record<string, unknown>
  for (const [field, schema] of [
    ['format', formatField],
    ['version', versionField],
    ['kind', kindField],
  ] as const) {
    const checked = schema.safeParse(fields[field])
    if (!checked.success) {
      const message = checked.error.issues[0]?.message ?? `${field} is not valid`
      ctx.addIssue({ code: 'custom', message, path: [field], input: fields[field] })
      return file
    }
  }
  return file
}

/** Version 1 had its own format name and no version or kind; its accounts are those of version 2. */
function migrateV1(input: unknown): unknown {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return input
  const { format, ...rest } = input as Record<string, unknown>
  // A v1 file never had these: one that has them is not a v1 file, and is refused as it is.
  if (format !== SNAPSHOT_FORMAT_V1 || 'version' in rest || 'kind' in rest) return input
  return { format: CONSOLE_FILE_FORMAT, version: CONSOLE_FILE_VERSION, kind: 'data', ...rest }
}

/**
 * The data export/import file: every account with its transactions in creation order (oldest first).
 * Reads the current version and version 1 alike; the output is always the current version.
 */
export const sandboxSnapshot = z.preprocess(readHead, snapshotV2)
export type SandboxSnapshot = z.infer<typeof sandboxSnapshot>
