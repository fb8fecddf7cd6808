import { describe, expect, it } from 'vitest'
import { parseView, viewSearch } from './view-state'

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
