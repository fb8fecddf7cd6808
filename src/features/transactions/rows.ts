import { apiPathOfHref, type TransactionsPage } from '../../api'

interface AmountRead {
  currency: string
  amount: string
}

/** One table row: a booked or pending element of the answer, flattened. */
export interface TransactionRow {
  key: string
  pending: boolean
  id: string | undefined
  bookingDate: string | undefined
  transactionDate: string | undefined
  merchantCategoryCode: string | undefined
  details: string | undefined
  transactionAmount: AmountRead | undefined
  originalAmount: AmountRead | undefined
  /** A pending element the server sent as a plain string (the schema literally allows it). */
  text: string | undefined
  /** The element exactly as the sandbox sent it, for the row's raw JSON. */
  raw: unknown
  /** Its fields that no column shows (the platform's, and any the console does not know), as sent. */
  extra: [string, unknown][]
}

const blank = {
  id: undefined,
  bookingDate: undefined,
  transactionDate: undefined,
  merchantCategoryCode: undefined,
  details: undefined,
  transactionAmount: undefined,
  originalAmount: undefined,
  text: undefined,
}

/** The fields the table's columns show; every other field of an element goes to its row's detail. */
const shown = new Set([
  'cardTransactionId',
  'bookingDate',
  'transactionDate',
  'merchantCategoryCode',
  'transactionDetails',
  'transactionAmount',
  'originalAmount',
])

/**
 * Booked first, then pending: the order the sandbox pages through them with `both`. `raw` is the answer
 * as it came: each row keeps its own element of it (the parsed element where the answer had another shape).
 */
export function transactionRows(page: TransactionsPage, raw?: unknown): TransactionRow[] {
  const sent = rawElements(raw)
  const bookedKey = keysByOccurrence('booked')
  const pendingKey = keysByOccurrence('pending')
  const booked = page.cardTransactions.booked.map((tx, i): TransactionRow => {
    const element = sent?.booked[i] ?? tx
    return {
      ...blank,
      key: bookedKey(tx.cardTransactionId),
      pending: false,
      id: tx.cardTransactionId,
      bookingDate: tx.bookingDate,
      transactionDate: tx.transactionDate,
      merchantCategoryCode: tx.merchantCategoryCode,
      details: tx.transactionDetails,
      transactionAmount: tx.transactionAmount,
      originalAmount: tx.originalAmount,
      raw: element,
      extra: extraFields(element),
    }
  })
  const pending = page.cardTransactions.pending.map((tx, i): TransactionRow => {
    const element = sent?.pending[i] ?? tx
    return typeof tx === 'string'
      ? { ...blank, key: `pending-text-${i}`, pending: true, text: tx, raw: element, extra: [] }
      : {
          ...blank,
          key: pendingKey(tx.cardTransactionId),
          pending: true,
          id: tx.cardTransactionId,
          transactionDate: tx.transactionDate,
          merchantCategoryCode: tx.merchantCategoryCode,
          details: tx.transactionDetails,
          transactionAmount: tx.transactionAmount,
          originalAmount: tx.originalAmount,
          raw: element,
          extra: extraFields(element),
        }
  })
  return [...booked, ...pending]
}

/**
 * Row keys by id and by how many rows before had that id, not by place: a row keeps its key when rows
 * come in above it (a copy just added), so its open detail, and the Duplicate and edit… that has the
 * focus, stay. Two rows of one id (a bank may send them) still differ.
 */
function keysByOccurrence(status: string): (id: string | undefined) => string {
  const seen = new Map<string, number>()
  return (id) => {
    const name = String(id)
    const before = seen.get(name) ?? 0
    seen.set(name, before + 1)
    return `${status}-${name}-${before}`
  }
}

/** The raw answer's two arrays, when it has the object shape the rows were read from. */
function rawElements(raw: unknown): { booked: unknown[]; pending: unknown[] } | undefined {
  const transactions = field(raw, 'cardTransactions')
  const booked = field(transactions, 'booked')
  const pending = field(transactions, 'pending')
  if (!Array.isArray(booked) && !Array.isArray(pending)) return undefined
  return { booked: Array.isArray(booked) ? booked : [], pending: Array.isArray(pending) ? pending : [] }
}

function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)[name]
    : undefined
}

function extraFields(element: unknown): [string, unknown][] {
  if (typeof element !== 'object' || element === null || Array.isArray(element)) return []
  return Object.entries(element).filter(([name]) => !shown.has(name))
}

/** What the page says about the rows beyond it; there is no total on the wire. */
export interface PageInfo {
  count: number
  /** `_links.next` when the server sends links; otherwise a full page may have more behind it. */
  hasMore: boolean
  /** The pages the sandbox links to, as it sent them. */
  next: string | undefined
  previous: string | undefined
  /**
   * Where the last page starts, when the sandbox links to it (`_links.last`) with an offset the console can
   * read: the rows number more than that, so the pager says more than "one more than this page".
   */
  lastOffset?: number | undefined
}

export function pageInfo(page: TransactionsPage, limit: number, rows: number): PageInfo {
  const links = page.cardTransactions._links
  const last = links?.last === undefined ? undefined : linkTarget(links.last.href)
  return {
    count: rows,
    lastOffset: last?.kind === 'view' ? last.offset : undefined,
    hasMore: links ? links.next !== undefined : rows >= limit,
    next: links?.next?.href,
    previous: links?.previous?.href,
  }
}

/**
 * The page size the sandbox used when it answered fewer rows than `limit` asked, with more behind them (a
 * bank that lowers a large limit): its next link's limit where that names one, else the rows it sent.
 */
export function loweredPageSize(info: PageInfo, limit: number): number | undefined {
  if (!info.hasMore || info.count === 0 || info.count >= limit) return undefined
  const target = info.next === undefined ? undefined : linkTarget(info.next)
  const linked = target?.kind === 'view' ? target.limit : undefined
  if (linked === undefined) return info.count
  return linked < limit ? linked : undefined
}

/** Where a page link leads, in the view's terms when its query is one the view can say, else as is. */
export type LinkTarget =
  | { kind: 'view'; offset: number; limit: number | undefined }
  | { kind: 'href'; href: string }

/** The query parameters a view writes; a link with any other is followed as it is. */
const viewParams = new Set(['bookingStatus', 'fromDate', 'toDate', 'offset', 'limit'])

/**
 * A `_links` href as a move of the view (its offset and limit), so the page stays a URL of the console;
 * an href whose query the view cannot say (a cursor, a parameter of the bank's) is followed as is.
 */
export function linkTarget(href: string): LinkTarget | undefined {
  const path = apiPathOfHref(href)
  if (path === undefined) return undefined
  const query = new URLSearchParams(path.split('?')[1] ?? '')
  const whole = (name: string) => {
    const value = query.get(name)
    return value !== null && /^[0-9]{1,9}$/.test(value) ? Number(value) : undefined
  }
  const offset = whole('offset')
  const expressible = [...query.keys()].every((name) => viewParams.has(name))
  if (offset === undefined || !expressible) return { kind: 'href', href }
  return { kind: 'view', offset, limit: whole('limit') }
}

/** A row of the table the sandbox can delete: one with its cardTransactionId. */
export type DeletableRow = TransactionRow & { id: string }
