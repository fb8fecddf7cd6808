// Copy to offline reads a whole account page by page through the console's real client, whatever shape the
// sandbox answers in (each bank personality), and the scenario keeps what was read exactly.
import { HttpResponse, http } from 'msw'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { localToday, type PersonalityName, personalityNames } from '../contract'
import { createMemoryStore, createSandbox } from '../sandbox'
import { setupSandboxServer } from '../sandbox-http/node'
import { personalities } from '../sandbox-http/personality'
import { createAccountBook, createApiClient } from '.'
import { readWholeAccount } from './copy-account'
import { ApiError } from './errors'
import { scenarioFromRead } from './scenario-copy'

const today = localToday()
const rows = Array.from({ length: 12 }, (_, i) => ({
  cardTransactionId: `b-${i + 1}`,
  transactionDate: today,
  bookingDate: today,
  transactionAmount: { currency: 'NOK', amount: i === 0 ? '-12345678901234.567' : `-${i + 1}.50` },
  originalAmount: { currency: 'EUR', amount: '-0.90' },
  merchantCategoryCode: '5411',
}))
const pendingRow = {
  cardTransactionId: 'p-1',
  bookingStatus: 'pending',
  transactionDate: today,
  transactionAmount: { currency: 'NOK', amount: '-7.5' },
  originalAmount: { currency: 'EUR', amount: '-0.70' },
  merchantCategoryCode: '5812',
}
const api = `${location.origin}/api`

function sandboxShapedAs(name: PersonalityName) {
  const personality = personalities[name]
  const sandbox = createSandbox({ store: createMemoryStore(), today: localToday, newId: personality.newId })
  const { server } = setupSandboxServer({ sandbox, personality, basePath: api })
  const client = createApiClient({
    mode: 'offline',
    offline: { answered: () => true, restart: async () => {} },
    book: createAccountBook(localStorage),
  })
  let account = ''
  beforeAll(async () => {
    server.listen({ onUnhandledRequest: 'error' })
    const created = await sandbox.createCardAccount(
      { maskedPan: '525412******3241', currency: 'NOK', customerNumber: '13039319955', name: 'Everyday' },
      { fixes: new Set() },
    )
    if (!created.ok) throw new Error('no account')
    account = created.value.resourceId
    await sandbox.addTransactions(account, [...rows, pendingRow])
  })
  afterAll(() => server.close())
  return { server, client, account: () => account }
}

describe.each(personalityNames)('copying from the %s personality', (name) => {
  const { client, account } = sandboxShapedAs(name)

  it('reads every page, and the scenario keeps ids, dates and amounts as read', async () => {
    const progress: number[] = []
    const read = await readWholeAccount(client, account(), {
      pageLimit: 5,
      onProgress: (p) => progress.push(p.transactions),
    })
    expect(read.pages).toBeGreaterThan(1)
    expect(progress.at(-1)).toBe(name === 'booked-only' ? 12 : 13)
    expect(read.bookedOnly).toBe(name === 'booked-only')

    const copy = scenarioFromRead(read, 'Copied')
    if (!copy.ok) throw new Error(copy.why.join('; '))
    const [data] = copy.file.cardAccounts
    expect(data?.account.resourceId).toBe(account())
    const booked = data?.transactions.filter((tx) => tx.bookingStatus === 'booked') ?? []
    // Creation order, as the sandbox stored them.
    expect(booked.map((tx) => tx.cardTransactionId)).toEqual(rows.map((row) => row.cardTransactionId))
    expect(booked.map((tx) => [tx.bookingDate, tx.transactionAmount.amount])).toEqual(
      rows.map((row) => [row.bookingDate, row.transactionAmount.amount]),
    )
    const pending = data?.transactions.filter((tx) => tx.bookingStatus === 'pending') ?? []
    if (name === 'booked-only') {
      expect(pending).toEqual([])
      expect(copy.leftOut).toEqual([])
    } else if (name === 'pending-strings' || name === 'platform') {
      // A line of text names no fields: named, not kept.
      expect(pending).toEqual([])
      expect(copy.leftOut).toEqual([
        { what: 'pending element 1', why: expect.stringContaining(`"p-1 ${today} -7.5 NOK 5812"`) },
      ])
    } else {
      // Exactly as stored in the sandbox read: no bookingDate, every digit as sent.
      expect(pending).toEqual([{ ...pendingRow }])
      expect(copy.leftOut).toEqual([])
    }
    expect(copy.fieldsLeftOut).toEqual(
      name === 'extra-fields'
        ? [
            'account.bankInternalReference',
            'account.bankVersion',
            'account.entryReference',
            'transaction.bankInternalReference',
            'transaction.entryReference',
          ]
        : [],
    )
  })
})

describe('a sandbox that sends no links', () => {
  const { server, client, account } = sandboxShapedAs('console')

  it('is read by offset until a page comes back empty, even when it cuts pages short', async () => {
    const served: number[] = []
    server.use(
      http.get(`${api}/v1/sandbox/card-accounts/:id/transactions`, ({ request }) => {
        const offset = Number(new URL(request.url).searchParams.get('offset'))
        served.push(offset)
        // Three rows a page whatever the limit, and no _links: as a bank that pages quietly.
        return HttpResponse.json({
          cardTransactions: { booked: rows.slice(offset, offset + 3), pending: [] },
        })
      }),
    )
    const read = await readWholeAccount(client, account(), { pageLimit: 5 })
    expect(read.booked.map((tx) => tx.cardTransactionId)).toEqual(rows.map((row) => row.cardTransactionId))
    expect(served).toEqual([0, 3, 6, 9, 12])
    server.resetHandlers()
  })

  it('stops, in words, at a link back to a page already read, and at more rows than the offline sandbox keeps', async () => {
    server.use(
      http.get(`${api}/v1/sandbox/card-accounts/:id/transactions`, ({ params }) =>
        HttpResponse.json({
          cardTransactions: {
            booked: rows.slice(0, 3),
            pending: [],
            _links: { next: { href: `/v1/sandbox/card-accounts/${params.id}/transactions?offset=3` } },
          },
        }),
      ),
    )
    await expect(readWholeAccount(client, account(), { pageLimit: 5 })).rejects.toThrow(
      `The sandbox linked back to a page it had sent already (/v1/sandbox/card-accounts/${account()}/transactions?offset=3): the copy stopped there.`,
    )
    await expect(readWholeAccount(client, account(), { pageLimit: 5, max: 2 })).rejects.toThrow(
      'The account holds more than 2 transactions, the most the offline sandbox keeps in one card account: nothing was copied.',
    )
    server.resetHandlers()
  })

  it("fails whole with the sandbox's own message when a page fails part-way", async () => {
    server.use(
      http.get(`${api}/v1/sandbox/card-accounts/:id/transactions`, ({ request }) => {
        const offset = Number(new URL(request.url).searchParams.get('offset'))
        if (offset === 0)
          return HttpResponse.json({ cardTransactions: { booked: rows.slice(0, 5), pending: [] } })
        return HttpResponse.json(
          { tppMessages: [{ category: 'ERROR', code: 'ACCESS_EXCEEDED', text: 'four reads a day' }] },
          { status: 429 },
        )
      }),
    )
    const failure = await readWholeAccount(client, account(), { pageLimit: 5 }).catch((e: unknown) => e)
    expect(failure).toBeInstanceOf(ApiError)
    expect((failure as ApiError).messages).toEqual([
      { category: 'ERROR', code: 'ACCESS_EXCEEDED', text: 'four reads a day' },
    ])
    server.resetHandlers()
  })
})
