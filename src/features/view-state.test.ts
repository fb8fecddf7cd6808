import { describe, expect, it } from 'vitest'
import { arriveAt, MAX_PAGE_SIZE, parseView, pushesHistory, viewCorrections, viewSearch } from './view-state'

describe('the view in the URL', () => {
  it('reads every parameter and writes them back in one fixed order', () => {
    const search = '?fix=1&limit=5&offset=10&to=2026-11-20&from=2026-10-01&status=both&account=acc-1'
    const view = parseView(search)
    expect(view).toEqual({
      account: 'acc-1',
      status: 'both',
      from: '2026-10-01',
      to: '2026-11-20',
      offset: 10,
      limit: 5,
      fix: true,
    })
    expect(viewSearch(view)).toBe(
      '?account=acc-1&status=both&from=2026-10-01&to=2026-11-20&offset=10&limit=5&fix=1',
    )
  })

  it('falls back to defaults for what a pasted link gets wrong', () => {
    expect(parseView('?status=all&from=2026-02-30&to=yesterday&offset=-1&limit=0&fix=yes')).toEqual({
      account: undefined,
      status: 'booked',
      from: undefined,
      to: undefined,
      offset: 0,
      limit: 50,
      fix: false,
    })
  })
})

describe('a link the view cannot apply as it stands', () => {
  it('says what was changed, in words', () => {
    expect(viewCorrections('?status=foo&from=2026-02-30&offset=-5&limit=5000')).toEqual([
      'Status “foo” is not one of booked, pending or both: showing booked.',
      'From “2026-02-30” is not a real date in the form YYYY-MM-DD: no From date applied.',
      'Offset “-5” is not a row number: starting at the first row.',
      'Page size 5,000 is more than the largest offered: showing 200 rows a page.',
    ])
  })

  it('reads a row number written with leading zeros as it is, and names one too large for any sandbox', () => {
    expect(parseView('?offset=0050&limit=010')).toMatchObject({ offset: 50, limit: 10 })
    expect(viewCorrections('?offset=0050&limit=010')).toEqual([])
    expect(parseView('?offset=2147483647').offset).toBe(2_147_483_647)
    expect(viewCorrections('?offset=2147483647')).toEqual([])
    expect(viewCorrections(`?offset=2147483648&limit=${'9'.repeat(30)}`)).toEqual([
      'Offset is more than the largest a sandbox takes, 2,147,483,647: starting at the first row.',
      'Page size of 30 digits is more than the largest offered: showing 200 rows a page.',
    ])
  })

  it('reads the first of a parameter given twice, and says so', () => {
    const search = '?account=acc-1&account=xyz&status=pending&status=booked'
    expect(parseView(search)).toMatchObject({ account: 'acc-1', status: 'pending' })
    expect(viewCorrections(search)).toEqual([
      '“account” is given 2 times: the first, “acc-1”, is used.',
      '“status” is given 2 times: the first, “pending”, is used.',
    ])
    expect(viewSearch(parseView(search))).toMatch(/^\?account=acc-1&status=pending&offset=0/)
  })

  it('leaves out the spaces a copied account id brings along, and says so', () => {
    const pasted = '?account=%20606b006c-1367-4552-a754-0fc11f90d85b%20&status=both'
    expect(parseView(pasted).account).toBe('606b006c-1367-4552-a754-0fc11f90d85b')
    expect(viewCorrections(pasted)).toEqual(['The spaces around the card account id were left out.'])
    expect(parseView('?account=%20%20').account).toBeUndefined()
  })

  it('caps a page size larger than those offered', () => {
    expect(parseView('?limit=5000').limit).toBe(MAX_PAGE_SIZE)
    expect(viewSearch(parseView('?limit=5000'))).toBe('?status=booked&offset=0&limit=200')
  })

  it('has nothing to say about a view written by the console, or a link without parameters', () => {
    expect(
      viewCorrections('?account=a&status=both&from=2026-10-01&to=2026-11-20&offset=10&limit=7&fix=1'),
    ).toEqual([])
    expect(viewCorrections('')).toEqual([])
  })
})

describe('history', () => {
  const view = parseView('?account=a&status=booked&offset=50&limit=50')

  it('pushes an entry for another account or another page', () => {
    expect(pushesHistory(view, { ...view, account: 'b', offset: 0 })).toBe(true)
    expect(pushesHistory(view, { ...view, offset: 100 })).toBe(true)
  })

  it('replaces it for status, dates, page size and the swap, even when they return to the first row', () => {
    expect(pushesHistory(view, { ...view, status: 'both', offset: 0 })).toBe(false)
    expect(pushesHistory(view, { ...view, from: '2026-10-01', offset: 0 })).toBe(false)
    expect(pushesHistory(view, { ...view, to: '2026-10-01', offset: 0 })).toBe(false)
    expect(pushesHistory(view, { ...view, limit: 200 })).toBe(false)
    expect(pushesHistory(view, { ...view, fix: true })).toBe(false)
  })
})

describe('arriving at an account', () => {
  const looked = parseView('?account=a&status=both&from=2026-01-01&to=2026-02-01&offset=50&limit=10&fix=1')

  it('leaves the dates and the page with the account; keeps the status, page size and swap', () => {
    expect(arriveAt(looked, 'b')).toEqual({
      account: 'b',
      status: 'both',
      from: undefined,
      to: undefined,
      offset: 0,
      limit: 10,
      fix: true,
    })
  })

  it('starts afresh on the same account in another sandbox’s data (a mode switch, a scenario)', () => {
    expect(viewSearch(arriveAt(looked, 'a'))).toBe('?account=a&status=both&offset=0&limit=10&fix=1')
  })
})
