import type { TppMessage } from '../contract'

/**
 * The stored data cannot be read: a record fails the contract's parse or breaks the engine's rules, or
 * the database does not open. Nothing is served from such a store; what still works is reading what
 * can be read (`exportRaw`), `reset` and `importSnapshot`, none of which needs the old data.
 */
export class StoreUnreadableError extends Error {
  override readonly name = 'StoreUnreadableError'

  /** `problems`: one line per record at fault, for a list under the message (at most a few dozen). */
  constructor(
    message: string,
    readonly problems: readonly string[] = [],
  ) {
    super(message)
  }
}

/** The export would write a file that Import refuses; `messages` say what is wrong, field by field. */
export class ExportRefusedError extends Error {
  override readonly name = 'ExportRefusedError'

  constructor(readonly messages: readonly TppMessage[]) {
    const first = messages[0]?.text ?? 'the data breaks the import rules'
    const more = messages.length > 1 ? ` (and ${messages.length - 1} more)` : ''
    super(`The export was not written because Import would refuse it: ${first}${more}`)
  }
}

/** A store refused a transaction whose id its card account already holds: nothing of the batch was kept. */
export class DuplicateTransactionIdError extends Error {
  override readonly name = 'DuplicateTransactionIdError'

  constructor(
    readonly accountId: string,
    readonly cardTransactionId: string,
  ) {
    super(`cardTransactionId ${cardTransactionId} already exists in card account ${accountId}`)
  }
}

/**
 * The browser refused a write for lack of space (IndexedDB's QuotaExceededError): nothing of it was kept.
 * Answered as 507 STORE_FULL, as a write past the store caps is, with what the person can do.
 */
export class StoreFullError extends Error {
  override readonly name = 'StoreFullError'

  constructor() {
    super("The browser's storage for this console is full: export and reset, or free space")
  }
}

/** A storage error for lack of space, by its DOM name (a DOMException is not always an Error subclass). */
export const isQuotaExceeded = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'QuotaExceededError'

// By name, not `instanceof`: the engine is a lazily loaded chunk, and the UI must not import it to ask.
export const isStoreUnreadableError = (error: unknown): error is StoreUnreadableError =>
  error instanceof Error && error.name === 'StoreUnreadableError'

export const isExportRefusedError = (error: unknown): error is ExportRefusedError =>
  error instanceof Error && error.name === 'ExportRefusedError'

export const isStoreFullError = (error: unknown): error is StoreFullError =>
  error instanceof Error && error.name === 'StoreFullError'
