import {
  type BookedTransaction,
  type CardAccount,
  type CardTransactionsResponse,
  cardAccountCreateSchema,
  headerNames,
  type IsoDate,
  type KnownFix,
  type PendingTransaction,
  type Problem,
  pathTo,
  problem,
  problemFromQuery,
  problemFromZod,
  psuCorporateId as psuCorporateIdSchema,
  type SandboxSnapshot,
  type SettlementAnswer,
  type StoredTransaction,
  type SummaryInput,
  SWAP_AMOUNTS_FIX,
  settlementRequest,
  summarize,
  summarizeDays,
  type TppMessage,
  type TransactionCreate,
  type TransactionsSummary,
  transactionBatch,
  transactionsQuery,
  transactionsSummaryQuery,
} from '../contract'
import { swapped } from './accept-fix'
import { capExceeded, defaultStoreCaps, importCapExceeded, type StoreCaps } from './caps'
import {
  DuplicateTransactionIdError,
  ExportRefusedError,
  isStoreUnreadableError,
  type StoreUnreadableError,
} from './errors'
import { pageLinks, pageSpans } from './pagination'
import { unknownCardAccount, unknownTransaction } from './problems'
import { fail, ok, type Result } from './result'
import { serialize } from './serialize'
import { autoSettlements, type Settlement, settlementsOf } from './settlement'
import { checkImportRules, dataFile, readSnapshot, salvagedFile } from './snapshots'
import type { AccountData, Generation, PageRequest, SandboxStore, StoredPage } from './storage/store'
import { AccountIndex } from './transaction-index'

export interface SandboxOptions {
  store: SandboxStore
  /** The user's today: transactions may not be dated after it. */
  today: () => IsoDate
  /** A fresh URL-safe id (1 to 64 of A-Z a-z 0-9 _ -) for each new card account. */
  newId?: () => string
  /** Caps on stored transactions; a write past one answers 507 and stores nothing. */
  caps?: Partial<StoreCaps>
}

export interface Sandbox {
  createCardAccount(body: unknown, ctx: { fixes: Set<KnownFix> }): Promise<Result<CardAccount>>
  listCardAccounts(): Promise<CardAccount[]>
  /** Existence only, without the corporate rule: lets the HTTP glue answer 404 before a body error. */
  hasCardAccount(id: string): Promise<boolean>
  getCardAccount(id: string, ctx: { psuCorporateId?: string | undefined }): Promise<Result<CardAccount>>
  /**
   * `ctx`: the request's PSU-Corporate-ID, which a corporate account's writes need (spec §5.5). Without a
   * ctx there is no request, hence no header rule: the console loading a scenario into its own engine.
   */
  addTransactions(
    id: string,
    body: unknown,
    ctx?: { psuCorporateId: string | undefined },
  ): Promise<Result<StoredTransaction[]>>
  /** `query`: the request's query parameters, e.g. Object.fromEntries(url.searchParams). */
  listTransactions(
    id: string,
    query: unknown,
    ctx: { fixes: Set<KnownFix>; psuCorporateId?: string | undefined },
  ): Promise<Result<CardTransactionsResponse>>
  /** Deletes one transaction; 404 for an unknown account or transaction id. */
  deleteTransaction(id: string, cardTransactionId: string): Promise<Result<StoredTransaction>>
  /** Deletes the account and every transaction of it; 404 for an unknown id. */
  deleteCardAccount(id: string): Promise<Result<CardAccount>>
  /**
   * Counts and exact sums of the transactions in the list's date window, per day or week
   * (docs/decisions.md#chart): what a chart needs, without sending every row.
   */
  summarizeTransactions(
    id: string,
    query: unknown,
    ctx: { psuCorporateId?: string | undefined },
  ): Promise<Result<TransactionsSummary>>
  /**
   * Books pending transactions (docs/decisions.md#booking-lifecycle): the listed ones, or every one pending
   * for more than N days; all or nothing.
   */
  settleTransactions(
    id: string,
    body: unknown,
    ctx?: { psuCorporateId: string | undefined },
  ): Promise<Result<SettlementAnswer>>
  /**
   * The automatic rule: in every account, each pending transaction at least `days` old as of today is
   * booked `days` after its transactionDate. Returns how many it booked.
   */
  settlePendingAfter(days: number): Promise<number>
  /**
   * The data file (current version) of everything stored. Throws `StoreUnreadableError` when the store
   * cannot be read, and `ExportRefusedError` (with the messages) rather than return a file that
   * `importSnapshot` would refuse.
   */
  exportSnapshot(): Promise<SandboxSnapshot>
  /**
   * Best effort, never throws: the data file of whatever the store still holds readably. Where records
   * could not be read, or break the import rules, the file says `damaged: true` and keeps them raw under
   * `unreadable`; its `cardAccounts` import as they are.
   */
  exportRaw(): Promise<SandboxSnapshot>
  /** What is stored, to show before a reset or an import; never throws. */
  storeStatus(): Promise<StoreStatus>
  /**
   * Replaces all data with a validated data file (either version; of a damaged one, its `cardAccounts`:
   * `skipped` counts its unreadable records). Never reads the old data, so it works on a damaged store;
   * an invalid file changes nothing.
   */
  importSnapshot(data: unknown): Promise<Result<ImportCounts>>
  /**
   * Replaces all data with accounts the contract's schema passed when they were stored: a saved
   * scenario's (docs/decisions.md#scenarios). The import rules and caps are checked again, the schema
   * is not: its pass over every row is most of a large load. Nothing is kept in memory, so every row the
   * engine then uses is checked as the store reads it, as a new tab's are. A refusal changes nothing.
   */
  restoreSnapshot(cardAccounts: readonly AccountData[]): Promise<Result<ImportCounts>>
  /** Deletes everything without reading it, so it works on a damaged store. */
  reset(): Promise<void>
}

export interface ImportCounts {
  accounts: number
  transactions: number
  /** Unreadable records of a damaged file, left out. */
  skipped: number
}

export type StoreStatus =
  | { readable: true; accounts: number; transactions: number }
  | { readable: false; message: string; problems: readonly string[] }

/**
 * The engine's copy of the store at one generation: every account, and the transactions of those it
 * has needed whole (read on first use: listing a page does not need them, summing or writing does).
 */
interface Loaded {
  generation: Generation
  /** Every account, in creation order. */
  accounts: Map<string, CardAccount>
  indexes: Map<string, AccountIndex>
  /** Accounts whose transactions are being read, so that two callers share one read. */
  reading: Map<string, Promise<AccountIndex>>
  /** The store's transaction counts, read once for the caps: valid for every account not in `indexes`. */
  counts?: Promise<Map<string, number>>
  /** Why an account's transactions could not be read, by account, once tried: the status says so. */
  damage: Map<string, StoreUnreadableError>
}

/** The store moved to another generation while an account's transactions were read: start again. */
class StaleCopy extends Error {}

export function createSandbox({
  store,
  today,
  newId = () => crypto.randomUUID(),
  caps: capsOption = {},
}: SandboxOptions): Sandbox {
  const caps: StoreCaps = { ...defaultStoreCaps, ...capsOption }
  let state: Promise<Loaded> | undefined
  /** What `state` resolved to, so that a stale copy can be dropped only if it is still the one held. */
  let held: Loaded | undefined
  const queue = serialize()

  const forget = () => {
    state = undefined
    held = undefined
  }
  store.onExternalChange?.(forget)

  function hold(loading: Promise<Loaded>): Promise<Loaded> {
    state = loading
    held = undefined
    loading.then(
      (current) => {
        if (state === loading) held = current
      },
      () => {
        if (state === loading) forget()
      },
    )
    return loading
  }

  // The accounts are read once, on first use; a failed read is retried by the next call.
  function loaded(): Promise<Loaded> {
    return (
      state ??
      hold(
        store.loadAccounts().then(({ accounts, generation }) => ({
          generation,
          accounts: new Map(accounts.map((account) => [account.resourceId, account])),
          indexes: new Map(),
          reading: new Map(),
          damage: new Map(),
        })),
      )
    )
  }

  /** Drops `current` if it is still the copy held: the next call reads the store again. */
  function drop(current: Loaded) {
    if (held === current) forget()
  }

  /** The store's latest data: read again when another writer (a second tab) wrote since it was read. */
  async function latest(): Promise<Loaded> {
    const current = await loaded()
    if (current.generation === (await store.generation())) return current
    drop(current)
    return loaded()
  }

  /**
   * The account's transactions, indexed: read from the store the first time they are needed. Throws
   * `StaleCopy` when the store is at another generation than `current`, whose accounts would not match.
   */
  function indexIn(current: Loaded, id: string): Promise<AccountIndex> {
    const known = current.indexes.get(id)
    if (known) return Promise.resolve(known)
    const account = current.accounts.get(id)
    if (!account) return Promise.reject(new Error(`no card account ${id} in the engine's copy`))
    let reading = current.reading.get(id)
    if (!reading) {
      reading = store
        .loadTransactions(id)
        .then(({ transactions, generation }) => {
          if (generation !== current.generation) {
            drop(current)
            throw new StaleCopy()
          }
          const index = new AccountIndex(account, transactions)
          current.indexes.set(id, index)
          return index
        })
        .catch((error: unknown) => {
          if (isStoreUnreadableError(error)) current.damage.set(id, error)
          throw error
        })
        .finally(() => current.reading.delete(id))
      current.reading.set(id, reading)
    }
    return reading
  }

  /** Every account's index, in creation order. */
  async function allIndexes(current: Loaded): Promise<AccountIndex[]> {
    return Promise.all([...current.accounts.keys()].map((id) => indexIn(current, id)))
  }

  /** How many transactions every account holds, without reading the transactions of those not read yet. */
  async function countAll(current: Loaded): Promise<number> {
    current.counts ??= store.countTransactions()
    const counts = await current.counts
    let sum = 0
    for (const id of current.accounts.keys()) {
      sum += current.indexes.get(id)?.transactions.length ?? counts.get(id) ?? 0
    }
    return sum
  }

  /**
   * `read` on the account in `current`, and again on a fresh copy for as long as the store moves on under
   * it; `undefined` once the account is gone (another tab deleted it).
   */
  async function onAccount<T>(
    id: string,
    current: Loaded,
    read: (copy: Loaded) => Promise<T>,
  ): Promise<T | undefined> {
    for (let copy = current; ; copy = await loaded()) {
      if (!copy.accounts.has(id)) return undefined
      try {
        return await read(copy)
      } catch (error) {
        if (!(error instanceof StaleCopy)) throw error
      }
    }
  }

  /**
   * One page of the account's list: from the copy once the account was read whole, else from the store
   * itself when it can read a page, so that showing the first rows never waits for the whole account.
   */
  async function pageOf(current: Loaded, id: string, request: PageRequest): Promise<StoredPage> {
    const known = current.indexes.get(id)
    if (known === undefined && store.readPage) return store.readPage(id, request)
    const { booked, pending } = (known ?? (await indexIn(current, id))).select(
      request.fromDate,
      request.toDate,
    )
    const spans = request.spans({ booked: booked.count, pending: pending.count })
    return {
      booked: booked.slice(spans.booked.start, spans.booked.end),
      pending: pending.slice(spans.pending.start, spans.pending.end),
      bookedCount: booked.count,
      pendingCount: pending.count,
    }
  }

  /** Runs `task` again on fresh data for as long as the store moves on under it. */
  async function fresh<T>(task: () => Promise<T>): Promise<T> {
    for (;;) {
      try {
        return await task()
      } catch (error) {
        if (!(error instanceof StaleCopy)) throw error
      }
    }
  }

  /**
   * Runs a write as the only writer of the store, in this tab and every other, on the store's latest
   * data: ids are allocated from what every tab stored, not from this tab's memory.
   */
  function write<T>(task: (current: Loaded) => Promise<T>): Promise<T> {
    return queue(() => store.exclusive(() => fresh(async () => task(await latest()))))
  }

  /** A write that replaces everything: it takes the lock but reads nothing, so a damaged store allows it. */
  function overwrite(task: () => Promise<Generation>, data: readonly AccountData[]): Promise<Loaded> {
    return queue(() =>
      store.exclusive(async () => {
        forget()
        const generation = await task()
        const current: Loaded = {
          generation,
          accounts: new Map(data.map(({ account }) => [account.resourceId, account])),
          indexes: new Map(
            data.map(({ account, transactions }) => [
              account.resourceId,
              new AccountIndex(account, transactions),
            ]),
          ),
          reading: new Map(),
          damage: new Map(),
        }
        await hold(Promise.resolve(current))
        return current
      }),
    )
  }

  /** Stores the settlements of one account, inside `write`, and re-indexes it. */
  async function saveSettlements(
    current: Loaded,
    index: AccountIndex,
    settlements: readonly Settlement[],
  ): Promise<Result<void>> {
    const id = index.account.resourceId
    try {
      current.generation = await store.replaceTransactions(id, settlements)
    } catch (error) {
      if (!(error instanceof DuplicateTransactionIdError)) throw error
      state = undefined
      return fail(
        problem(
          400,
          'FORMAT_ERROR',
          `newCardTransactionId ${error.cardTransactionId} already exists in this card account`,
          'transactions',
        ),
      )
    }
    const replaced = new Map(settlements.map(({ from, to }) => [from, to]))
    const transactions = index.transactions.map((tx) => replaced.get(tx.cardTransactionId) ?? tx)
    current.indexes.set(id, new AccountIndex(index.account, transactions))
    return ok(undefined)
  }

  /** The account with the copy that holds it. */
  async function find(id: string): Promise<Result<{ account: CardAccount; current: Loaded }>> {
    let current = await loaded()
    // An account this copy lacks may be another tab's, created before its message arrived.
    if (!current.accounts.has(id)) current = await latest()
    const account = current.accounts.get(id)
    return account ? ok({ account, current }) : fail(unknownCardAccount(id))
  }

  async function findReadable(
    id: string,
    psuCorporateId: string | undefined,
  ): Promise<Result<{ account: CardAccount; current: Loaded }>> {
    const found = await find(id)
    if (!found.ok) return found
    if (
      found.value.account.customerType === 'corporate' &&
      !psuCorporateIdSchema.safeParse(psuCorporateId).success
    ) {
      return fail(
        problem(
          400,
          'FORMAT_ERROR',
          `${headerNames.psuCorporateId} is required to read or write a corporate card account: send any non-empty value`,
          headerNames.psuCorporateId,
        ),
      )
    }
    return found
  }

  return {
    async createCardAccount(body, { fixes }) {
      const parsed = cardAccountCreateSchema({ longerName: fixes.has('longer-name') }).safeParse(body)
      if (!parsed.success) return fail(problemFromZod(parsed.error))
      return write(async (current) => {
        const all = current.accounts
        const id = newId()
        let resourceId = id
        for (let n = 2; all.has(resourceId); n++) resourceId = `${id.slice(0, 56)}-${n}`
        const account: CardAccount = { resourceId, ...parsed.data }
        current.generation = await store.saveAccount(account)
        all.set(resourceId, account)
        current.indexes.set(resourceId, new AccountIndex(account))
        return ok(account)
      })
    },

    async listCardAccounts() {
      return [...(await loaded()).accounts.values()]
    },

    async hasCardAccount(id) {
      return (await find(id)).ok
    },

    async getCardAccount(id, { psuCorporateId }) {
      const found = await findReadable(id, psuCorporateId)
      return found.ok ? ok(found.value.account) : found
    },

    async addTransactions(id, body, ctx) {
      const found = ctx ? await findReadable(id, ctx.psuCorporateId) : await find(id)
      if (!found.ok) return found
      const parsed = transactionBatch.safeParse(body)
      if (!parsed.success) return fail(problemFromZod(parsed.error))
      return write(async (current) => {
        if (!current.accounts.has(id)) return fail(unknownCardAccount(id))
        const index = await indexIn(current, id)
        const created = prepareBatch(index, parsed.data, today())
        if (!created.ok) return created
        const full = capExceeded(caps, {
          adding: created.value.length,
          inAccount: index.transactions.length,
          stored: await countAll(current),
        })
        if (full) return fail(full)
        try {
          current.generation = await store.appendTransactions(id, created.value)
        } catch (error) {
          if (!(error instanceof DuplicateTransactionIdError)) throw error
          // The store knew better than this copy: read it again before the next call.
          drop(current)
          return fail(duplicateId(created.value, error.cardTransactionId))
        }
        index.add(created.value)
        return created
      })
    },

    async listTransactions(id, query, { fixes, psuCorporateId }) {
      const found = await findReadable(id, psuCorporateId)
      if (!found.ok) return found
      const parsed = transactionsQuery.safeParse(query)
      if (!parsed.success) return fail(problemFromQuery(parsed.error))
      const { bookingStatus, fromDate, toDate, offset, limit } = parsed.data
      if (fromDate !== undefined && toDate !== undefined && fromDate > toDate) {
        return fail(
          problem(400, 'PERIOD_INVALID', `fromDate ${fromDate} is after toDate ${toDate}`, 'fromDate'),
        )
      }
      const spans = ({ booked, pending }: { booked: number; pending: number }) =>
        pageSpans(
          bookingStatus === 'pending' ? 0 : booked,
          bookingStatus === 'booked' ? 0 : pending,
          offset,
          limit,
        )
      const page = await onAccount(id, found.value.current, (copy) =>
        pageOf(copy, id, { fromDate, toDate, spans }),
      )
      if (page === undefined) return fail(unknownCardAccount(id))
      const bookedCount = bookingStatus === 'pending' ? 0 : page.bookedCount
      const pendingCount = bookingStatus === 'booked' ? 0 : page.pendingCount
      const swap = fixes.has(SWAP_AMOUNTS_FIX)
      return ok({
        cardAccount: { maskedPan: found.value.account.maskedPan },
        cardTransactions: {
          booked: page.booked.map((tx) => asBooked(tx, swap)),
          pending: page.pending.map((tx) => asPending(tx, swap)),
          _links: pageLinks(pathTo('listTransactions', { mockCardAccountId: id }), stringEntries(query), {
            offset,
            limit,
            total: bookedCount + pendingCount,
          }),
        },
      })
    },

    async summarizeTransactions(id, query, { psuCorporateId }) {
      const found = await findReadable(id, psuCorporateId)
      if (!found.ok) return found
      const parsed = transactionsSummaryQuery.safeParse(query)
      if (!parsed.success) return fail(problemFromQuery(parsed.error, transactionsSummaryQuery))
      const { fromDate, toDate } = parsed.data
      if (fromDate !== undefined && toDate !== undefined && fromDate > toDate) {
        return fail(
          problem(400, 'PERIOD_INVALID', `fromDate ${fromDate} is after toDate ${toDate}`, 'fromDate'),
        )
      }
      // An account not read whole yet is summed from the store's own reading, as its pages are.
      if (!found.value.current.indexes.has(id) && store.readDaySums) {
        return ok(summarizeDays(await store.readDaySums(id, { fromDate, toDate }), parsed.data))
      }
      const index = await onAccount(id, found.value.current, (copy) => indexIn(copy, id))
      if (index === undefined) return fail(unknownCardAccount(id))
      const { booked, pending } = index.select(fromDate, toDate)
      const rows = [...booked.slice(0, booked.count), ...pending.slice(0, pending.count)]
      return ok(summarize(rows.map(summaryInput), parsed.data))
    },

    async settleTransactions(id, body, ctx) {
      const found = ctx ? await findReadable(id, ctx.psuCorporateId) : await find(id)
      if (!found.ok) return found
      const parsed = settlementRequest.safeParse(body)
      if (!parsed.success) return fail(problemFromZod(parsed.error))
      return write(async (current) => {
        if (!current.accounts.has(id)) return fail(unknownCardAccount(id))
        const index = await indexIn(current, id)
        const settlements = settlementsOf(index, parsed.data, today())
        if (!settlements.ok) return settlements
        const saved = await saveSettlements(current, index, settlements.value)
        if (!saved.ok) return saved
        return ok({
          settled: settlements.value.map(({ from, to }) => ({ from, booked: asBooked(to, false) })),
        })
      })
    },

    async settlePendingAfter(days) {
      return write(async (current) => {
        let count = 0
        for (const index of await allIndexes(current)) {
          const settlements = autoSettlements(index, days, today())
          if (settlements.length === 0) continue
          const saved = await saveSettlements(current, index, settlements)
          if (saved.ok) count += settlements.length
        }
        return count
      })
    },

    async deleteTransaction(id, cardTransactionId) {
      return write(async (current) => {
        if (!current.accounts.has(id)) return fail(unknownCardAccount(id))
        const index = await indexIn(current, id)
        const deleted = index.transactions.find((tx) => tx.cardTransactionId === cardTransactionId)
        if (!deleted) return fail(unknownTransaction(id, cardTransactionId))
        current.generation = await store.deleteTransaction(id, cardTransactionId)
        current.indexes.set(id, index.without(cardTransactionId))
        return ok(deleted)
      })
    },

    async deleteCardAccount(id) {
      return write(async (current) => {
        const account = current.accounts.get(id)
        if (!account) return fail(unknownCardAccount(id))
        current.generation = await store.deleteAccount(id)
        current.accounts.delete(id)
        current.indexes.delete(id)
        current.damage.delete(id)
        return ok(account)
      })
    },

    async exportSnapshot() {
      const indexes = await fresh(async () => allIndexes(await latest()))
      const file = dataFile(
        indexes.map((index) => ({ account: index.account, transactions: [...index.transactions] })),
        today(),
      )
      // The file is checked as Import will check it: a file Import refuses is worse than none.
      const checked = readSnapshot(file)
      if (!checked.ok) throw new ExportRefusedError(checked.problem.messages)
      return file
    },

    async exportRaw() {
      return salvagedFile(await store.salvage(), today())
    },

    async storeStatus() {
      try {
        const current = await latest()
        // Accounts not read yet are counted, not read: damage in them shows once they are read.
        const [damage] = current.damage.values()
        if (damage) throw damage
        return { readable: true, accounts: current.accounts.size, transactions: await countAll(current) }
      } catch (error) {
        if (isStoreUnreadableError(error)) {
          return { readable: false, message: error.message, problems: error.problems }
        }
        const message = error instanceof Error ? error.message : String(error)
        return { readable: false, message: `The offline data could not be read: ${message}`, problems: [] }
      }
    },

    async importSnapshot(data) {
      const read = readSnapshot(data)
      if (!read.ok) return read
      const { cardAccounts, unreadable = [] } = read.value
      const full = importCapExceeded(caps, cardAccounts)
      if (full) return fail(full)
      const current = await overwrite(() => store.replaceAll(cardAccounts), cardAccounts)
      return ok({
        accounts: current.accounts.size,
        transactions: await countAll(current),
        skipped: unreadable.length,
      })
    },

    async restoreSnapshot(cardAccounts) {
      const rules = checkImportRules(cardAccounts)
      if (!rules.ok) return rules
      const full = importCapExceeded(caps, cardAccounts)
      if (full) return fail(full)
      await queue(() =>
        store.exclusive(async () => {
          forget()
          await store.replaceAll(cardAccounts)
          // A read that ran during the write may hold the data it replaced.
          forget()
        }),
      )
      return ok({
        accounts: cardAccounts.length,
        transactions: cardAccounts.reduce((sum, { transactions }) => sum + transactions.length, 0),
        skipped: 0,
      })
    },

    async reset() {
      await overwrite(() => store.clear(), [])
    },
  }
}

/** A store's refusal of an id another writer stored meanwhile, as the 400 a duplicate in the request gets. */
function duplicateId(batch: readonly StoredTransaction[], cardTransactionId: string): Problem {
  const i = Math.max(
    0,
    batch.findIndex((tx) => tx.cardTransactionId === cardTransactionId),
  )
  return {
    status: 400,
    messages: [
      {
        category: 'ERROR',
        code: 'FORMAT_ERROR',
        path: `[${i}].cardTransactionId`,
        text: `[${i}].cardTransactionId ${cardTransactionId} already exists in this card account`,
      },
    ],
  }
}

/**
 * The engine's rules for a batch the contract accepted: nothing dated after today, ids unique in the
 * batch and in the account. Missing ids are generated after the sent ones are known, so a generated id
 * never takes one a later element asks for.
 */
function prepareBatch(
  index: AccountIndex,
  batch: readonly TransactionCreate[],
  today: IsoDate,
): Result<StoredTransaction[]> {
  const messages: TppMessage[] = []
  const error = (i: number, field: string, text: string) =>
    messages.push({
      category: 'ERROR',
      code: 'FORMAT_ERROR',
      path: `[${i}].${field}`,
      text: `[${i}].${text}`,
    })
  const sent = new Map<string, number>()
  batch.forEach((tx, i) => {
    if (tx.transactionDate > today) {
      error(
        i,
        'transactionDate',
        `transactionDate ${tx.transactionDate} is in the future (today is ${today})`,
      )
    }
    if (tx.bookingDate !== undefined && tx.bookingDate > today) {
      error(i, 'bookingDate', `bookingDate ${tx.bookingDate} is in the future (today is ${today})`)
    }
    if (tx.valueDate !== undefined && tx.valueDate > today) {
      error(i, 'valueDate', `valueDate ${tx.valueDate} is in the future (today is ${today})`)
    }
    const id = tx.cardTransactionId
    if (id === undefined) return
    const first = sent.get(id)
    if (first !== undefined)
      error(i, 'cardTransactionId', `cardTransactionId ${id} is already used by [${first}]`)
    else if (index.hasTransaction(id)) {
      error(i, 'cardTransactionId', `cardTransactionId ${id} already exists in this card account`)
    } else sent.set(id, i)
  })
  if (messages.length > 0) return fail({ status: 400, messages })

  let next = index.transactions.length + 1
  const freshId = () => {
    let id = `ct-${next++}`
    while (sent.has(id) || index.hasTransaction(id)) id = `ct-${next++}`
    sent.set(id, -1)
    return id
  }
  return ok(
    batch.map(({ cardTransactionId, bookingStatus, ...rest }) => ({
      cardTransactionId: cardTransactionId ?? freshId(),
      bookingStatus,
      ...rest,
    })),
  )
}

function asBooked(stored: StoredTransaction, swap: boolean): BookedTransaction {
  const { bookingStatus: _, cardTransactionId, bookingDate = stored.transactionDate, ...rest } = stored
  return swapped({ cardTransactionId, bookingDate, ...rest }, swap)
}

function asPending(stored: StoredTransaction, swap: boolean): PendingTransaction {
  const { bookingStatus: _, bookingDate: __, ...rest } = stored
  return swapped(rest, swap)
}

/** The string-valued query parameters, kept for the pagination links. */
function stringEntries(query: unknown): Record<string, string> {
  if (typeof query !== 'object' || query === null) return {}
  return Object.fromEntries(
    Object.entries(query).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  )
}

/** A stored transaction as the summary reads it: by the date the list filters it by. */
function summaryInput(tx: StoredTransaction): SummaryInput {
  const booked = tx.bookingStatus === 'booked'
  return {
    status: booked ? 'booked' : 'pending',
    date: booked ? (tx.bookingDate ?? tx.transactionDate) : tx.transactionDate,
    currency: tx.transactionAmount.currency,
    amount: tx.transactionAmount.amount,
    merchantCategoryCode: tx.merchantCategoryCode,
  }
}
