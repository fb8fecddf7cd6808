import {
  pathTo,
  problemFromQuery,
  SWAP_AMOUNTS_FIX,
  summarize,
  summarizeDays,
  transactionBatch,
  transactionsQueryFor,
  transactionsSummaryQuery,
} from '../../contract'
import { capExceeded } from '../caps'
import { pageLinks, pageSpans } from '../pagination'
import { parseBody, unknownCardAccount, unknownTransaction } from '../problems'
import { fail, ok } from '../result'
import { asBooked, asPending, duplicateId, periodRefusal, prepareBatch, summaryInput } from '../transactions'
import { type Engine, foundFor } from './engine'
import type { Sandbox } from './sandbox'

type TransactionOperations = Pick<
  Sandbox,
  'addTransactions' | 'listTransactions' | 'summarizeTransactions' | 'deleteTransaction'
>

export function transactionOperations(engine: Engine): TransactionOperations {
  const { repo, today, caps } = engine
  return {
    async addTransactions(id, body, request) {
      const found = await foundFor(repo, id, request)
      if (!found.ok) return found
      const parsed = parseBody(transactionBatch, body)
      if (!parsed.success) return fail(parsed.problem)
      return repo.write(async (copy) => {
        if (!copy.accounts.has(id)) return fail(unknownCardAccount(id))
        const index = await repo.index(copy, id)
        const created = prepareBatch(index, parsed.data, today(), request?.futureDates)
        if (!created.ok) return created
        const full = capExceeded(caps, {
          adding: created.value.length,
          inAccount: index.transactions.length,
          stored: await repo.count(copy),
        })
        if (full) return fail(full)
        const taken = await repo.append(copy, index, created.value)
        return taken === undefined ? created : fail(duplicateId(created.value, taken))
      })
    },

    listTransactions: (id, query, request) => listTransactions(engine, id, query, request),

    summarizeTransactions: (id, query, request) => summarizeTransactions(engine, id, query, request),

    async deleteTransaction(id, cardTransactionId) {
      return repo.write(async (copy) => {
        if (!copy.accounts.has(id)) return fail(unknownCardAccount(id))
        const index = await repo.index(copy, id)
        const deleted = index.transactions.find((tx) => tx.cardTransactionId === cardTransactionId)
        if (!deleted) return fail(unknownTransaction(id, cardTransactionId))
        await repo.deleteTransaction(copy, index, cardTransactionId)
        return ok(deleted)
      })
    },
  }
}

async function listTransactions(
  { repo }: Engine,
  id: string,
  query: unknown,
  { fixes, psuCorporateId, rules }: Parameters<Sandbox['listTransactions']>[2],
): ReturnType<Sandbox['listTransactions']> {
  const found = await foundFor(repo, id, { psuCorporateId })
  if (!found.ok) return found
  const schema = transactionsQueryFor(rules)
  const parsed = schema.safeParse(query)
  if (!parsed.success) return fail(problemFromQuery(parsed.error, schema))
  const { bookingStatus, fromDate, toDate, offset, limit } = parsed.data
  const period = periodRefusal(fromDate, toDate)
  if (period) return fail(period)
  const shown = ({ booked, pending }: { booked: number; pending: number }) => ({
    booked: bookingStatus === 'pending' ? 0 : booked,
    pending: bookingStatus === 'booked' ? 0 : pending,
  })
  const spans = (counts: { booked: number; pending: number }) => {
    const { booked, pending } = shown(counts)
    return pageSpans(booked, pending, offset, limit)
  }
  const page = await repo.onAccount(id, found.value.copy, (copy) =>
    repo.page(copy, id, { fromDate, toDate, spans }),
  )
  if (page === undefined) return fail(unknownCardAccount(id))
  const total = shown({ booked: page.bookedCount, pending: page.pendingCount })
  const swap = fixes.has(SWAP_AMOUNTS_FIX)
  return ok({
    cardAccount: { maskedPan: found.value.account.maskedPan },
    cardTransactions: {
      booked: page.booked.map((tx) => asBooked(tx, swap)),
      pending: page.pending.map((tx) => asPending(tx, swap)),
      _links: pageLinks(pathTo('listTransactions', { mockCardAccountId: id }), stringEntries(query), {
        offset,
        limit,
        total: total.booked + total.pending,
      }),
    },
  })
}

async function summarizeTransactions(
  { repo }: Engine,
  id: string,
  query: unknown,
  { psuCorporateId, bookedOnly = false }: Parameters<Sandbox['summarizeTransactions']>[2],
): ReturnType<Sandbox['summarizeTransactions']> {
  const found = await foundFor(repo, id, { psuCorporateId })
  if (!found.ok) return found
  const parsed = transactionsSummaryQuery.safeParse(query)
  if (!parsed.success) return fail(problemFromQuery(parsed.error, transactionsSummaryQuery))
  const { fromDate, toDate } = parsed.data
  const period = periodRefusal(fromDate, toDate)
  if (period) return fail(period)
  // An account not read whole yet is summed from the store's own reading, as its pages are. Its day sums
  // hold both statuses together, so a booked-only summary reads the rows.
  const days = bookedOnly ? undefined : await repo.unreadDaySums(found.value.copy, id, { fromDate, toDate })
  if (days) return ok(summarizeDays(days, parsed.data))
  const index = await repo.onAccount(id, found.value.copy, (copy) => repo.index(copy, id))
  if (index === undefined) return fail(unknownCardAccount(id))
  const { booked, pending } = index.select(fromDate, toDate)
  const rows = [...booked.slice(0, booked.count), ...(bookedOnly ? [] : pending.slice(0, pending.count))]
  return ok(summarize(rows.map(summaryInput), parsed.data))
}

/** The string-valued query parameters, kept for the pagination links. */
function stringEntries(query: unknown): Record<string, string> {
  if (typeof query !== 'object' || query === null) return {}
  return Object.fromEntries(
    Object.entries(query).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  )
}
