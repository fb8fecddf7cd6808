import { describe, expect, it, vi } from 'vitest'
import { fullStorage } from '../test/full-storage'
import { createAccountBook, OFFLINE_UPSTREAM } from './account-book'
import { memoryStorage } from './settings-store'
import { storageTrouble } from './storage-notices'

const BANK = 'https://psd2.example-bank.no/api-sandbox'
const KEY = 'sandbox-console.account-book'

const storage = memoryStorage

function clock(...instants: string[]) {
  let i = 0
  return () => new Date(instants[Math.min(i++, instants.length - 1)] as string)
}

describe('the account book', () => {
  it('keeps each upstream apart and survives a reload of the page', () => {
    const kept = storage()
    const book = createAccountBook(kept, clock('2026-11-20T10:00:00Z'))
    book.record(BANK, { id: 'enc!!a==', origin: 'opened', maskedPan: '1234xxxxxxxx4321' })
    book.record(OFFLINE_UPSTREAM, { id: 'acc-1', origin: 'created', account: { resourceId: 'acc-1' } })

    const reloaded = createAccountBook(kept)
    expect(reloaded.of(BANK).entries).toEqual([
      {
        id: 'enc!!a==',
        origin: 'opened',
        maskedPan: '1234xxxxxxxx4321',
        addedAt: '2026-11-20T10:00:00.000Z',
        lastSeenAt: '2026-11-20T10:00:00.000Z',
      },
    ])
    expect(reloaded.of(OFFLINE_UPSTREAM).entries.map((e) => e.id)).toEqual(['acc-1'])
  })

  it('refreshes what it knows of an account seen again, and a fetched object clears the note', () => {
    const book = createAccountBook(storage(), clock('2026-11-20T10:00:00Z', '2026-11-21T10:00:00Z'))
    book.record(BANK, { id: 'x', origin: 'opened', note: 'The account could not be read: HTTP 405' })
    book.record(BANK, { id: 'x', origin: 'created', account: { resourceId: 'x', maskedPan: '1' } })
    expect(book.of(BANK).entries).toEqual([
      {
        id: 'x',
        origin: 'opened',
        account: { resourceId: 'x', maskedPan: '1' },
        addedAt: '2026-11-20T10:00:00.000Z',
        lastSeenAt: '2026-11-21T10:00:00.000Z',
      },
    ])
  })

  it('keeps the note of an answer that came but was not what the console expects', () => {
    const book = createAccountBook(storage())
    book.record(BANK, {
      id: 'x',
      origin: 'opened',
      account: { status: 'ENABLED' },
      note: 'status: unexpected',
    })
    expect(book.of(BANK).entries[0]?.note).toBe('status: unexpected')
    book.record(BANK, { id: 'x', origin: 'opened', account: { status: 'enabled' } })
    expect(book.of(BANK).entries[0]?.note).toBeUndefined()
  })

  it('forgets a removed account; a hidden one stays out until it is opened again', () => {
    const book = createAccountBook(storage())
    book.record(OFFLINE_UPSTREAM, { id: 'a', origin: 'created' })
    book.remove(OFFLINE_UPSTREAM, 'a', { hide: true })
    expect(book.of(OFFLINE_UPSTREAM)).toEqual({ entries: [], hidden: ['a'] })
    book.record(OFFLINE_UPSTREAM, { id: 'a', origin: 'opened' })
    expect(book.of(OFFLINE_UPSTREAM).hidden).toEqual([])
    expect(book.of(OFFLINE_UPSTREAM).entries.map((e) => e.id)).toEqual(['a'])
  })

  it('gives the same object until something changes, so React renders only on change', () => {
    const book = createAccountBook(storage())
    book.record(BANK, { id: 'a', origin: 'opened' })
    const before = book.of(BANK)
    expect(book.of(BANK)).toBe(before)
    book.touch(BANK, 'not-in-book', '1')
    expect(book.of(BANK)).toBe(before)
    book.touch(BANK, 'a', '5254')
    expect(book.of(BANK)).not.toBe(before)
    expect(book.of(BANK).entries[0]?.maskedPan).toBe('5254')
  })

  it('drops the books of earlier local upstreams: their data died with their process', () => {
    const book = createAccountBook(storage())
    book.markLocal('http://127.0.0.1:40001/')
    book.record('http://127.0.0.1:40001/', { id: 'a', origin: 'created' })
    book.record(BANK, { id: 'b', origin: 'opened' })
    book.markLocal('http://127.0.0.1:40002/')
    expect(Object.keys(book.exportBook()).sort()).toEqual(['http://127.0.0.1:40002/', BANK])
  })

  it('merges books a file carried back, the later sighting winning', () => {
    const mine = createAccountBook(storage(), clock('2026-11-20T10:00:00Z'))
    mine.record(BANK, { id: 'a', origin: 'opened', maskedPan: 'old' })
    mine.record(BANK, { id: 'c', origin: 'opened' })
    const theirs = createAccountBook(storage(), clock('2026-11-22T10:00:00Z'))
    theirs.record(BANK, { id: 'a', origin: 'opened', maskedPan: 'new' })
    theirs.record(BANK, { id: 'b', origin: 'created' })

    expect(mine.importBook(JSON.parse(JSON.stringify(theirs.exportBook())))).toBe(2)
    expect(mine.of(BANK).entries.map((e) => [e.id, e.maskedPan ?? null])).toEqual([
      ['a', 'new'],
      ['c', null],
      ['b', null],
    ])
  })

  it('replaces, rather than merges, the book of the upstream whose data the file replaced', () => {
    const mine = createAccountBook(storage())
    mine.record(OFFLINE_UPSTREAM, { id: 'mine', origin: 'created' })
    mine.record(BANK, { id: 'kept', origin: 'opened' })
    const theirs = createAccountBook(storage())
    theirs.record(OFFLINE_UPSTREAM, { id: 'theirs', origin: 'created' })

    mine.importBook(theirs.exportBook(), { replacing: OFFLINE_UPSTREAM })
    expect(mine.of(OFFLINE_UPSTREAM).entries.map((e) => e.id)).toEqual(['theirs'])
    expect(mine.of(BANK).entries.map((e) => e.id)).toEqual(['kept'])
    // A file without that upstream's book empties it.
    mine.importBook({}, { replacing: OFFLINE_UPSTREAM })
    expect(mine.of(OFFLINE_UPSTREAM).entries).toEqual([])
  })

  it('starts afresh from a stored book it cannot read, removes it and says once what was lost', async () => {
    for (const unreadable of [
      '{"format": "sandbox-console/account-book/v1", ',
      'not json at all',
      '[1,2,3]',
    ]) {
      const kept = storage()
      kept.setItem(KEY, unreadable)
      expect(createAccountBook(kept).of(BANK).entries, unreadable).toEqual([])
      expect(kept.getItem(KEY), unreadable).toBeNull()
    }
    await Promise.resolve()
    expect(storageTrouble.read().unreadable).toEqual([
      'The account book stored in this browser could not be read, so it started again empty: the sidebar no longer lists the card accounts the console had created or opened. They are still in their sandboxes: one that lists its accounts shows them again, and Open… takes an id.',
    ])
  })

  it('reads a book an older console stored, before it kept hidden accounts, and says nothing of it', async () => {
    const kept = storage()
    const entry = {
      id: 'x',
      origin: 'created',
      addedAt: '2026-11-20T10:00:00Z',
      lastSeenAt: '2026-11-20T10:00:00Z',
    }
    const older = JSON.stringify({
      format: 'sandbox-console/account-book/v1',
      books: { [BANK]: { entries: [entry] } },
    })
    kept.setItem(KEY, older)
    expect(createAccountBook(kept).of(BANK)).toEqual({ entries: [entry], hidden: [] })
    expect(kept.getItem(KEY)).toBe(older)
    await Promise.resolve()
    expect(storageTrouble.read().unreadable).toEqual([])
  })

  it('still lists an account when storage is full, throws nothing, and says once that the book was not saved', async () => {
    const book = createAccountBook(fullStorage())
    const heard = vi.fn()
    book.subscribe(heard)
    expect(() => book.record(BANK, { id: 'enc!!a==', origin: 'created' })).not.toThrow()
    book.record(BANK, { id: 'enc!!b==', origin: 'created' })
    expect(book.of(BANK).entries.map((entry) => entry.id)).toEqual(['enc!!a==', 'enc!!b=='])
    expect(heard).toHaveBeenCalledTimes(2)
    await Promise.resolve()
    expect(storageTrouble.read().unsaved).toEqual([
      "the account book (the console's own list of the card accounts it created or opened)",
    ])
    // Said apart, once: the accounts are in their sandbox, only the book's list of them is lost.
    expect(storageTrouble.read().afterReload).toEqual([
      expect.stringMatching(/^The card accounts themselves are in their sandbox: /),
    ])
  })
})
