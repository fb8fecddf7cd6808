// The console's one file format: data files carry the account book from version 3 on; files of earlier
// versions (no book) still read; proxy mode's file holds the book alone; a bad book part is refused whole.
import { describe, expect, it } from 'vitest'
import { OFFLINE_UPSTREAM } from './account-book'
import { problemFromZod } from './errors'
import {
  accountBookFile,
  consoleFile,
  sandboxSnapshot,
  withAccountBook,
  withoutOfflineBook,
} from './snapshot'

const BANK = 'https://bank.example/api-sandbox/'
const entry = (id: string) => ({
  id,
  origin: 'opened' as const,
  addedAt: '2026-11-20T10:00:00.000Z',
  lastSeenAt: '2026-11-21T10:00:00.000Z',
})
const books = {
  [OFFLINE_UPSTREAM]: { entries: [entry('acc-1')], hidden: [] },
  [BANK]: { entries: [entry('enc!!abc==')], hidden: ['gone'] },
}
const account = {
  account: {
    resourceId: 'acc-1',
    maskedPan: '525412******3241',
    currency: 'NOK',
    customerNumber: '13039319955',
    customerType: 'private',
    status: 'enabled',
  },
  transactions: [],
}
const v2 = {
  format: 'sandbox-console',
  version: 2,
  kind: 'data',
  exportedAt: '2026-11-20',
  cardAccounts: [account],
}
const v3 = { ...v2, version: 3 }

const messagesOf = (data: unknown) => {
  const parsed = consoleFile.safeParse(data)
  if (parsed.success) throw new Error('expected the file to be refused')
  return problemFromZod(parsed.error).messages.map(({ path, text }) => ({ path, text }))
}

describe('console files', () => {
  it('writes the data and the book in one file, and reads both back', () => {
    const file = withAccountBook(sandboxSnapshot.parse(v3), books)
    expect(consoleFile.parse(JSON.parse(JSON.stringify(file)))).toEqual({ ...v3, accountBook: { books } })
  })

  it('reads the name of the console that wrote a file, which only people read, and refuses one that is no text', () => {
    expect(consoleFile.parse({ ...v3, createdBy: 'Sandbox Console 0.1.0+abc1234' })).toEqual(v3)
    expect(messagesOf({ ...v3, createdBy: 7 })).toEqual([
      { path: 'createdBy', text: 'createdBy must be text naming the console that wrote the file' },
    ])
  })

  it('reads a version 2 file, written before the book, as a current data file without one', () => {
    const read = consoleFile.parse(v2)
    expect(read).toEqual(v3)
    expect(read.kind === 'data' && read.accountBook).toBeUndefined()
    expect(sandboxSnapshot.parse(v2)).toEqual(v3)
  })

  it('reads a version 1 file too', () => {
    const { format: _, version: __, kind: ___, ...rest } = v2
    expect(consoleFile.parse({ format: 'sandbox-console/v1', ...rest })).toEqual(v3)
  })

  it("writes the book alone for proxy mode, without the in-browser sandbox's book, and reads it back", () => {
    const file = accountBookFile(books, '2026-11-22')
    expect(file).toEqual({
      format: 'sandbox-console',
      version: 3,
      kind: 'account-book',
      exportedAt: '2026-11-22',
      accountBook: { books: { [BANK]: books[BANK] } },
    })
    expect(consoleFile.parse(JSON.parse(JSON.stringify(file)))).toEqual(file)
    expect(withoutOfflineBook(books)).toEqual({ [BANK]: books[BANK] })
  })

  it('refuses a bad book part, naming where, so nothing of the file is imported', () => {
    const bad = {
      ...v3,
      accountBook: { books: { [BANK]: { entries: [{ ...entry('x'), origin: 'found' }] } } },
    }
    expect(messagesOf(bad)).toEqual([
      {
        path: `accountBook.books.${BANK}.entries[0].origin`,
        text: expect.stringContaining(`accountBook.books.${BANK}.entries[0].origin`),
      },
    ])
    // The data import reads the same schema: the engine refuses it too.
    expect(sandboxSnapshot.safeParse(bad).success).toBe(false)
    expect(messagesOf({ ...v3, accountBook: [] })).toEqual([
      { path: 'accountBook', text: expect.stringContaining('expected object') },
    ])
  })

  it('refuses a version 2 file that carries a book: no such file was ever written', () => {
    expect(messagesOf({ ...v2, accountBook: { books } })).toEqual([
      { path: 'version', text: expect.stringContaining('version must be 2 or 3') },
    ])
  })

  it('tells the kinds apart: the data import refuses the book alone, and an unknown kind is named', () => {
    const bookOnly = accountBookFile(books, '2026-11-22')
    expect(sandboxSnapshot.safeParse(bookOnly).error?.issues[0]?.message).toBe(
      'kind must be "data": only data exports can be imported here',
    )
    expect(messagesOf({ ...v3, kind: 'scenarios' })).toEqual([
      { path: 'kind', text: expect.stringContaining('kind must be "data" or "account-book"') },
    ])
  })
})
