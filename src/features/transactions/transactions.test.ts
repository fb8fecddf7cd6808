import { describe, expect, it } from 'vitest'
import type { StoredTransaction } from '../../contract'
import { parseView } from '../view-state'
import { signed } from './Money'
import { rowsText } from './Pagination'
import { linkTarget, pageInfo } from './rows'
import {
  blankRow,
  isRowField,
  requiredRowFields,
  transactionBody,
  transactionFormSchema,
} from './transaction-form'
import { viewChangeSaid, viewShowing } from './view-showing'

describe('amounts', () => {
  it('shows the wire string with its sign, never re-rounded', () => {
    expect(signed('-100.50')).toBe('-100.50')
    expect(signed('389.50')).toBe('+389.50')
    expect(signed('12345678901234.125')).toBe('+12345678901234.125')
    expect(signed('0.00')).toBe('0.00')
  })
})

describe('pagination', () => {
  const page = (next: boolean | undefined) => ({
    cardAccount: { maskedPan: 'x' },
    cardTransactions: {
      booked: [],
      pending: [],
      ...(next === undefined ? {} : { _links: next ? { next: { href: '?offset=10' } } : {} }),
    },
  })

  it('trusts _links.next when the server sends links, and a full page otherwise', () => {
    expect(pageInfo(page(true), 5, 5).hasMore).toBe(true)
    expect(pageInfo(page(false), 5, 5).hasMore).toBe(false)
    expect(pageInfo(page(undefined), 5, 5).hasMore).toBe(true)
    expect(pageInfo(page(undefined), 5, 3).hasMore).toBe(false)
  })

  const info = (count: number, hasMore: boolean) => ({ count, hasMore, next: undefined, previous: undefined })

  it('says "or more" until the last page is known', () => {
    expect(rowsText(50, info(50, true))).toBe('Rows 51–100 of 101 or more')
    expect(rowsText(1000, info(7, false))).toBe('Rows 1,001–1,007 of 1,007')
    expect(rowsText(0, info(0, false))).toBe('No rows')
    expect(rowsText(undefined, info(3, true))).toBe('3 rows on the linked page')
    expect(rowsText(undefined, info(1, false))).toBe('1 row on the linked page')
  })

  // A tester at one row a page read "Rows 1–1 of 2 or more" while the answer's last link said offset 1.
  it('says as many rows at least as the link to the last page shows', () => {
    const withLast = (count: number, lastOffset: number | undefined) => ({ ...info(count, true), lastOffset })
    expect(rowsText(0, withLast(1, 1))).toBe('Rows 1–1 of 2 or more')
    expect(rowsText(0, withLast(5, 30))).toBe('Rows 1–5 of 31 or more')
    // A link that points before this page's end says nothing more than the page does.
    expect(rowsText(10, withLast(5, 5))).toBe('Rows 11–15 of 16 or more')
    expect(rowsText(0, withLast(5, undefined))).toBe('Rows 1–5 of 6 or more')
  })

  // "Rows 1–50 of 951 or more" beside a chart that said 997 booked.
  it('says the total the console knows, unless this page says it is out of date', () => {
    const first = { ...info(50, true), lastOffset: 950 }
    expect(rowsText(0, first, { exact: 997, atLeast: 997 })).toBe('Rows 1–50 of 997')
    // A summary stopped at its cap counted 1,000 at least; the last link says 951.
    expect(rowsText(0, first, { exact: undefined, atLeast: 1_000 })).toBe('Rows 1–50 of 1,000 or more')
    // Fewer than the rows this page and its links show: a total from before the data changed.
    expect(rowsText(0, first, { exact: 900, atLeast: 0 })).toBe('Rows 1–50 of 951 or more')
    expect(rowsText(950, info(47, true), { exact: 997, atLeast: 0 })).toBe('Rows 951–997 of 998 or more')
    // The last page's own count wins: it is the answer on screen.
    expect(rowsText(950, info(47, false), { exact: 1_000, atLeast: 0 })).toBe('Rows 951–997 of 997')
  })

  it('reads where the last page starts from _links.last, when it names an offset', () => {
    const linked = (last: string) =>
      pageInfo(
        {
          cardAccount: { maskedPan: 'x' },
          cardTransactions: {
            booked: [],
            pending: [],
            _links: { next: { href: '?offset=5&limit=5' }, last: { href: last } },
          },
        },
        5,
        5,
      ).lastOffset
    expect(linked('/v1/sandbox/card-accounts/a/transactions?bookingStatus=both&offset=30&limit=5')).toBe(30)
    expect(linked('/v1/sandbox/card-accounts/a/transactions?cursor=zzz')).toBeUndefined()
  })

  it('moves the view to the page a link names, whatever base the sandbox linked under', () => {
    const query = 'bookingStatus=both&offset=20&limit=10'
    expect(linkTarget(`https://bank/api-sandbox/v1/sandbox/card-accounts/a/transactions?${query}`)).toEqual({
      kind: 'view',
      offset: 20,
      limit: 10,
    })
    expect(linkTarget(`/v1/sandbox/card-accounts/a/transactions?${query}`)).toEqual({
      kind: 'view',
      offset: 20,
      limit: 10,
    })
    // A query the view cannot say (a cursor of the bank's) is followed as it is.
    const cursor = '/api-sandbox/v1/sandbox/card-accounts/a/transactions?bookingStatus=both&page=3'
    expect(linkTarget(cursor)).toEqual({ kind: 'href', href: cursor })
    expect(linkTarget('https://bank/elsewhere?offset=1')).toBeUndefined()
  })
})

describe('the transaction form', () => {
  it('says required exactly the fields of a booked row the form refuses once blanked, but its dates', () => {
    const row = {
      ...blankRow('NOK', '2026-11-20'),
      transactionAmount: { amount: '-1.00', currency: 'NOK' },
      merchantCategoryCode: '5411',
    }
    // The status is a select with no blank choice; the dates, refused blank, cannot say required.
    const { bookingStatus: _, transactionDate: __, bookingDate: ___, ...typed } = row
    const fields = Object.entries(typed).flatMap(([key, value]) =>
      typeof value === 'string' ? [key] : Object.keys(value).map((part) => `${key}.${part}`),
    )
    const refusedBlank = fields.filter((field) => {
      const blanked = structuredClone(row)
      const [key = '', part] = field.split('.')
      const holder = (part === undefined ? blanked : blanked[key as keyof typeof blanked]) as Record<
        string,
        string
      >
      holder[part ?? key] = ''
      return !transactionFormSchema().safeParse({ transactions: [blanked] }).success
    })
    expect(new Set(refusedBlank)).toEqual(requiredRowFields)
  })

  it('sends no bookingDate for a pending row and leaves blank ids out', () => {
    const row = { ...blankRow('NOK', '2026-11-20'), bookingStatus: 'pending' as const }
    expect(transactionBody(row)).toEqual({
      bookingStatus: 'pending',
      transactionDate: '2026-11-20',
      transactionAmount: { amount: '', currency: 'NOK' },
      originalAmount: { amount: '', currency: 'NOK' },
      merchantCategoryCode: '',
    })
  })

  it('sends the platform fields of "All fields" only when filled, invoiced as the boolean', () => {
    const row = {
      ...blankRow('NOK', '2026-11-20'),
      merchantCategoryCode: 'BOB',
      terminalId: 'tid',
      markupFee: { amount: '10', currency: 'NOK' },
      markupFeePercentage: '20',
      cardAcceptorAddress: {
        street: 'Street',
        buildingNumber: '56',
        postalCode: '7014',
        city: 'Trondheim',
        country: 'NO',
      },
      invoiced: 'true' as const,
      valueDate: '2026-11-20',
    }
    expect(transactionBody(row)).toEqual({
      bookingStatus: 'booked',
      transactionDate: '2026-11-20',
      bookingDate: '2026-11-20',
      transactionAmount: { amount: '', currency: 'NOK' },
      originalAmount: { amount: '', currency: 'NOK' },
      merchantCategoryCode: 'BOB',
      terminalId: 'tid',
      markupFee: { amount: '10', currency: 'NOK' },
      markupFeePercentage: '20',
      cardAcceptorAddress: {
        street: 'Street',
        buildingNumber: '56',
        postalCode: '7014',
        city: 'Trondheim',
        country: 'NO',
      },
      invoiced: true,
      valueDate: '2026-11-20',
    })
  })

  it('checks the platform fields with the form’s own rules, each error at its field', () => {
    const row = {
      ...blankRow('NOK', '2026-11-20'),
      merchantCategoryCode: '5411',
      transactionAmount: { amount: '-1.00', currency: 'NOK' },
      originalAmount: { amount: '-1.00', currency: 'NOK' },
      valueDate: '2026-11-19',
      cardAcceptorAddress: { street: '', buildingNumber: '', postalCode: '', city: 'Oslo', country: 'NOR' },
    }
    const result = transactionFormSchema().safeParse({ transactions: [row] })
    expect(result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([
      'transactions.0.cardAcceptorAddress.country: Country must be an ISO 3166 code of two capital letters, e.g. NO',
    ])
    const fixed = { ...row, cardAcceptorAddress: { ...row.cardAcceptorAddress, country: 'NO' } }
    expect(
      transactionFormSchema()
        .safeParse({ transactions: [fixed] })
        .error?.issues.map((i) => i.path.join('.')),
    ).toEqual(['transactions.0.valueDate'])
    expect(transactionFormSchema().safeParse({ transactions: [{ ...fixed, valueDate: '' }] }).success).toBe(
      true,
    )
  })

  it("validates with the contract's schema, errors under the row's field", () => {
    const valid = { ...blankRow('NOK', '2026-11-20'), merchantCategoryCode: '5411' }
    valid.transactionAmount.amount = '-1.00'
    valid.originalAmount.amount = '-1.00'
    const bad = { ...valid, transactionAmount: { amount: '1.0001', currency: 'NOK' } }
    const result = transactionFormSchema().safeParse({ transactions: [valid, bad] })
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual([
      'transactions.1.transactionAmount.amount',
    ])
    expect(isRowField('transactions.1.transactionAmount.amount', 2)).toBe(true)
    expect(isRowField('transactions.2.transactionAmount.amount', 2)).toBe(false)
  })

  it('moves the view so created transactions are on screen', () => {
    const tx = (status: 'booked' | 'pending', date: string) =>
      ({
        bookingStatus: status,
        transactionDate: date,
        ...(status === 'booked' ? { bookingDate: date } : {}),
      }) as StoredTransaction
    const view = parseView('?status=booked&from=2026-11-01&to=2026-11-10&offset=50')
    expect(viewShowing(view, [tx('booked', '2026-11-05')])).toEqual({
      offset: 0,
      status: 'booked',
      from: '2026-11-01',
      to: '2026-11-10',
    })
    expect(viewShowing(view, [tx('pending', '2026-11-20')])).toEqual({
      offset: 0,
      status: 'both',
      from: '2026-11-01',
      to: undefined,
    })
    expect(viewChangeSaid(view, viewShowing(view, [tx('booked', '2026-11-05')]))).toBe('')
    expect(viewChangeSaid(view, viewShowing(view, [tx('pending', '2026-11-20')]))).toBe(
      '; Status set to both, To cleared to show them',
    )
    // A bank that books only lists no pending one: booked stays, and its dates are the booked ones'.
    const mixed = [tx('booked', '2026-11-05'), tx('pending', '2026-11-20')]
    expect(viewShowing(parseView('?status=both&from=2026-11-01&to=2026-11-10'), mixed, true)).toEqual({
      offset: 0,
      status: 'booked',
      from: '2026-11-01',
      to: '2026-11-10',
    })
  })
})
