import { describe, expect, it } from 'vitest'
import { pageLinks, pageSpans } from './pagination'

const PATH = '/v1/sandbox/card-accounts/acc-1/transactions'
const sent = { bookingStatus: 'both', fromDate: '2026-06-01', toDate: '2026-06-30', limit: '5' }

/** The offsets each link points at, or undefined where the link is absent. */
function linkOffsets(offset: number, limit: number, total: number) {
  const links = pageLinks(PATH, { bookingStatus: 'booked' }, { offset, limit, total })
  const at = (name: 'first' | 'next' | 'previous' | 'last') => {
    const href = links[name]?.href
    return href === undefined ? undefined : Number(new URL(href, 'http://x').searchParams.get('offset'))
  }
  return { first: at('first'), next: at('next'), previous: at('previous'), last: at('last') }
}

describe('previous and last (the total is known)', () => {
  it.each([
    ['far past the end', 500, 200, 10, 0],
    ['just past the end', 10, 5, 10, 5],
    ['past the end of a longer list', 40, 5, 23, 20],
  ])(
    'points previous at the last page, never past the end, when the page starts %s',
    (_, offset, limit, total, previous) => {
      expect(linkOffsets(offset, limit, total).previous).toBe(previous)
    },
  )

  it.each([
    [0, 5, 0, 0],
    [0, 5, 5, 0],
    [0, 5, 6, 5],
    [3, 5, 23, 20],
    [0, 200, 1000, 800],
  ])('links last at offset %i, limit %i, total %i: %i', (offset, limit, total, last) => {
    expect(linkOffsets(offset, limit, total).last).toBe(last)
  })
})

describe('pagination links at the edges', () => {
  it.each([
    ['offset + limit equals the total', 5, 5, 10],
    ['offset + limit exceeds the total', 5, 5, 9],
    ['the page starts past the end', 20, 5, 10],
    ['one page holds every row', 0, 10, 10],
    ['there are no rows', 0, 5, 0],
  ])('has no next when %s', (_, offset, limit, total) => {
    expect(linkOffsets(offset, limit, total).next).toBeUndefined()
  })

  it.each([
    ['one more row exists after the first page', 0, 5, 6, 5],
    ['one more row exists after a middle page', 5, 5, 11, 10],
    ['the offset is not a multiple of the limit', 3, 5, 9, 8],
  ])('has next when %s', (_, offset, limit, total, next) => {
    expect(linkOffsets(offset, limit, total).next).toBe(next)
  })

  it('has no previous at offset 0', () => {
    expect(linkOffsets(0, 5, 20).previous).toBeUndefined()
  })

  it.each([
    ['offset 3, limit 5', 3, 5, 0],
    ['offset 1, limit 200', 1, 200, 0],
    ['offset 5, limit 5', 5, 5, 0],
    ['offset 12, limit 5', 12, 5, 7],
  ])('points previous one page back, clamped at 0 (%s)', (_, offset, limit, previous) => {
    expect(linkOffsets(offset, limit, 100).previous).toBe(previous)
  })

  it.each([
    [0, 5, 0],
    [5, 5, 10],
    [7, 3, 100],
    [2_147_483_647, 2_147_483_647, 3],
  ])('always has first at offset 0 (offset %i, limit %i, total %i)', (offset, limit, total) => {
    expect(linkOffsets(offset, limit, total).first).toBe(0)
  })

  it('keeps the query as sent in every link, ending with the link offset and the page limit', () => {
    const links = pageLinks(PATH, sent, { offset: 5, limit: 5, total: 20 })
    const query = `bookingStatus=both&fromDate=2026-06-01&toDate=2026-06-30`
    expect(links).toEqual({
      first: { href: `${PATH}?${query}&offset=0&limit=5` },
      next: { href: `${PATH}?${query}&offset=10&limit=5` },
      previous: { href: `${PATH}?${query}&offset=0&limit=5` },
      last: { href: `${PATH}?${query}&offset=15&limit=5` },
    })
  })

  it('states the limit in the links when the request left it to the default', () => {
    const links = pageLinks(PATH, { bookingStatus: 'pending' }, { offset: 0, limit: 200, total: 201 })
    expect(links.next?.href).toBe(`${PATH}?bookingStatus=pending&offset=200&limit=200`)
  })
})

describe('page spans of booked then pending as one sequence', () => {
  it.each([
    ['within booked', 0, 3, { start: 0, end: 3 }, { start: 0, end: 0 }],
    ['across the boundary', 3, 4, { start: 3, end: 5 }, { start: 0, end: 2 }],
    ['within pending', 6, 4, { start: 5, end: 5 }, { start: 1, end: 3 }],
    ['past the end', 8, 4, { start: 5, end: 5 }, { start: 3, end: 3 }],
    ['at the int32 ceiling', 2_147_483_647, 2_147_483_647, { start: 5, end: 5 }, { start: 3, end: 3 }],
  ])('5 booked and 3 pending, %s', (_, offset, limit, booked, pending) => {
    expect(pageSpans(5, 3, offset, limit)).toEqual({ booked, pending })
  })
})
