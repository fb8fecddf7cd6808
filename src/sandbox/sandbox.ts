import {
  type BookedTransaction,
  type CardAccount,
  type CardTransactionsResponse,
  cardAccountCreateSchema,
  formatIssuePath,
  headerNames,
  type IsoDate,
  type KnownFix,
  type PendingTransaction,
  pathTo,
  problem,
  problemFromQuery,
  problemFromZod,
  psuCorporateId as psuCorporateIdSchema,
  type SandboxSnapshot,
  SNAPSHOT_FORMAT,
  type StoredTransaction,
  SWAP_AMOUNTS_FIX,
  sandboxSnapshot,
  type TppMessage,
  type TransactionCreate,
  transactionBatch,
  transactionsQuery,
} from '../contract'
import { swapped } from './accept-fix'
import { pageLinks, pageSpans } from './pagination'
import { unknownCardAccount } from './problems'
import { fail, ok, type Result } from './result'
import type { AccountData, SandboxStore } from './storage/store'
import { AccountIndex } from './transaction-index'

export interface SandboxOptions {
  store: SandboxStore
  /** The user's today: transactions may not be dated after it. */
  today: () => IsoDate
  /** A fresh URL-safe id (1 to 64 of A-Z a-z 0-9 _ -) for each new card account. */
  newId?: () => string
}

export interface Sandbox {
  createCardAccount(body: unknown, ctx: { fixes: Set<KnownFix> }): Promise<Result<CardAccount>>
  listCardAccounts(): Promise<CardAccount[]>
  /** Existence only, without the corporate rule: lets the HTTP glue answer 404 before a body error. */
  hasCardAccount(id: string): Promise<boolean>
  getCardAccount(id: string, ctx: { psuCorporateId?: string | undefined }): Promise<Result<CardAccount>>
  addTransactions(id: string, body: unknown): Promise<Result<StoredTransaction[]>>
  /** `query`: the request's query parameters, e.g. Object.fromEntries(url.searchParams). */
  listTransactions(
    id: string,
    query: unknown,
    ctx: { fixes: Set<KnownFix>; psuCorporateId?: string | undefined },
  ): Promise<Result<CardTransactionsResponse>>
  exportSnapshot(): Promise<SandboxSnapshot>
  /** Replaces all data with a validated snapshot; an invalid one changes nothing. */
  importSnapshot(data: unknown): Promise<Result<{ accounts: number; transactions: number }>>
  reset(): Promise<void>
}

type Accounts = Map<string, AccountIndex>

export function createSandbox({ store, today, newId = () => crypto.randomUUID() }: SandboxOptions): Sandbox {
  let state: Promise<Accounts> | undefined
  const exclusive = serialize()

  store.onExternalChange?.(() => {
    state = undefined
  })

  // Loaded once, on first use; a failed load is retried by the next call.
  function accounts(): Promise<Accounts> {
    if (state === undefined) {
      const loading = store.load().then(indexAll)
      state = loading
      loading.catch(() => {
        if (state === loading) state = undefined
      })
    }
    return state
  }

  async function find(id: string): Promise<Result<AccountIndex>> {
    const index = (await accounts()).get(id)
    return index ? ok(index) : fail(unknownCardAccount(id))
  }

  async function findReadable(id: string, psuCorporateId: string | undefined): Promise<Result<AccountIndex>> {
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
          `${headerNames.psuCorporateId} is required to read a corporate card account: send any non-empty value`,
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
      return exclusive(async () => {
        const all = await accounts()
        const fresh = newId()
        let resourceId = fresh
        for (let n = 2; all.has(resourceId); n++) resourceId = `${fresh.slice(0, 56)}-${n}`
        const account: CardAccount = { resourceId, ...parsed.data }
        await store.saveAccount(account)
        all.set(resourceId, new AccountIndex(account))
        return ok(account)
      })
    },

    async listCardAccounts() {
      return [...(await accounts()).values()].map((index) => index.account)
    },

    async hasCardAccount(id) {
      return (await accounts()).has(id)
    },

    async getCardAccount(id, { psuCorporateId }) {
      const found = await findReadable(id, psuCorporateId)
      return found.ok ? ok(found.value.account) : found
    },

    async addTransactions(id, body) {
      if (!(await find(id)).ok) return fail(unknownCardAccount(id))
      const parsed = transactionBatch.safeParse(body)
      if (!parsed.success) return fail(problemFromZod(parsed.error))
      return exclusive(async () => {
        const found = await find(id)
        if (!found.ok) return found
        const created = prepareBatch(found.value, parsed.data, today())
        if (!created.ok) return created
        await store.appendTransactions(id, created.value)
        found.value.add(created.value)
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
      const selected = found.value.select(fromDate, toDate)
      const bookedCount = bookingStatus === 'pending' ? 0 : selected.booked.count
      const pendingCount = bookingStatus === 'booked' ? 0 : selected.pending.count
      const spans = pageSpans(bookedCount, pendingCount, offset, limit)
      const swap = fixes.has(SWAP_AMOUNTS_FIX)
      return ok({
        cardAccount: { maskedPan: found.value.account.maskedPan },
        cardTransactions: {
          booked: selected.booked.slice(spans.booked.start, spans.booked.end).map((tx) => asBooked(tx, swap)),
          pending: selected.pending
            .slice(spans.pending.start, spans.pending.end)
            .map((tx) => asPending(tx, swap)),
          _links: pageLinks(pathTo('listTransactions', { mockCardAccountId: id }), stringEntries(query), {
            offset,
            limit,
            total: bookedCount + pendingCount,
          }),
        },
      })
    },

    async exportSnapshot() {
      return {
        format: SNAPSHOT_FORMAT,
        exportedAt: today(),
        cardAccounts: [...(await accounts()).values()].map((index) => ({
          account: index.account,
          transactions: [...index.transactions],
        })),
      }
    },

    async importSnapshot(data) {
      const parsed = sandboxSnapshot.safeParse(data)
      if (!parsed.success) return fail(problemFromZod(parsed.error))
      const inconsistent = snapshotInconsistencies(parsed.data.cardAccounts)
      if (inconsistent.length > 0) return fail({ status: 400, messages: inconsistent })
      return exclusive(async () => {
        await store.replaceAll(parsed.data.cardAccounts)
        const indexed = indexAll(parsed.data.cardAccounts)
        state = Promise.resolve(indexed)
        const transactions = [...indexed.values()].reduce((sum, index) => sum + index.transactions.length, 0)
        return ok({ accounts: indexed.size, transactions })
      })
    },

    async reset() {
      await exclusive(async () => {
        await store.clear()
        state = Promise.resolve(new Map())
      })
    },
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

/** Checks a schema-valid snapshot for what the schema cannot see: clashes and impossible states. */
function snapshotInconsistencies(cardAccounts: readonly AccountData[]): TppMessage[] {
  const messages: TppMessage[] = []
  const error = (keys: PropertyKey[], text: string) => {
    const path = formatIssuePath(['cardAccounts', ...keys])
    messages.push({ category: 'ERROR', code: 'FORMAT_ERROR', path, text: `${path}: ${text}` })
  }
  const accountIds = new Set<string>()
  cardAccounts.forEach(({ account, transactions }, a) => {
    if (accountIds.has(account.resourceId)) {
      error([a, 'account', 'resourceId'], `card account ${account.resourceId} appears more than once`)
    }
    accountIds.add(account.resourceId)
    const ids = new Set<string>()
    transactions.forEach((tx, t) => {
      const at = [a, 'transactions', t]
      if (ids.has(tx.cardTransactionId)) {
        error(
          [...at, 'cardTransactionId'],
          `cardTransactionId ${tx.cardTransactionId} appears more than once`,
        )
      }
      ids.add(tx.cardTransactionId)
      if (tx.bookingStatus === 'booked' && tx.bookingDate === undefined) {
        error([...at, 'bookingDate'], 'a booked transaction needs a bookingDate')
      }
      if (tx.bookingStatus === 'pending' && tx.bookingDate !== undefined) {
        error([...at, 'bookingDate'], 'a pending transaction has no bookingDate')
      }
      if (tx.bookingDate !== undefined && tx.bookingDate < tx.transactionDate) {
        error(
          [...at, 'bookingDate'],
          `bookingDate ${tx.bookingDate} is before transactionDate ${tx.transactionDate}`,
        )
      }
    })
  })
  return messages
}

function indexAll(data: readonly AccountData[]): Accounts {
  return new Map(
    data.map(({ account, transactions }) => [account.resourceId, new AccountIndex(account, transactions)]),
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

/** Runs tasks one after another, so a write never sees another half done. */
function serialize() {
  let tail: Promise<unknown> = Promise.resolve()
  return <T>(task: () => Promise<T>): Promise<T> => {
    const run = tail.then(task)
    tail = run.catch(() => undefined)
    return run
  }
}
