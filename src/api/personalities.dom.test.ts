// Every bank personality, read through the console's real client: its liberal reader must take each one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { localToday, type PersonalityName, personalityNames } from '../contract'
import { createMemoryStore, createSandbox, type Sandbox } from '../sandbox'
import { setupSandboxServer } from '../sandbox-http/node'
import { personalities } from '../sandbox-http/personality'
import { createAccountBook, createApiClient } from '.'
import type { TransactionsPage } from './client'
import { ApiError } from './errors'

const today = localToday()
const rows = Array.from({ length: 12 }, (_, i) => ({
  cardTransactionId: `b-${i + 1}`,
  transactionDate: today,
  bookingDate: today,
  transactionAmount: { currency: 'NOK', amount: '-12345678901234.567' },
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

/** The console's client against the handlers shaped by `name`, with one account of 12 booked and 1 pending. */
function consoleAgainst(name: PersonalityName) {
  const personality = personalities[name]
  const sandbox: Sandbox = createSandbox({
    store: createMemoryStore(),
    today: localToday,
    newId: personality.newId,
  })
  const { server } = setupSandboxServer({ sandbox, personality, basePath: `${location.origin}/api` })
  const client = createApiClient({
    mode: 'offline',
    offline: { answered: () => true, restart: async () => {} },
    book: createAccountBook(localStorage),
  })
  let account = ''
  beforeAll(async () => {
    server.listen({ onUnhandledRequest: 'error' })
    const created = await sandbox.createCardAccount(
      { maskedPan: '525412******3241', currency: 'NOK', customerNumber: '13039319955' },
      { fixes: new Set() },
    )
    if (!created.ok) throw new Error('no account')
    account = created.value.resourceId
    await sandbox.addTransactions(account, [...rows, pendingRow])
  })
  afterAll(() => server.close())
  const read = async (
    bookingStatus: 'booked' | 'pending' | 'both',
    limit = 200,
  ): Promise<TransactionsPage> => {
    const page = await client.listTransactions(account, { bookingStatus, offset: 0, limit })
    if (page.kind !== 'read') throw new Error(`unexpected: ${page.problems.join('; ')}`)
    return page.value
  }
  return { client, read, account: () => account }
}

const amountOf = (tx: unknown) => (tx as { transactionAmount?: { amount: string } }).transactionAmount?.amount

describe.each(personalityNames.filter((name) => name !== 'platform'))('the %s personality', (name) => {
  const { read, client } = consoleAgainst(name)

  it('reads the booked transactions, every digit of the amount kept', async () => {
    const page = await read('booked', 5)
    expect(page.cardTransactions.booked).toHaveLength(5)
    expect(amountOf(page.cardTransactions.booked[0])).toBe('-12345678901234.567')
    // The next page through the link the sandbox gave, however it wrote it.
    const next = page.cardTransactions._links?.next?.href
    expect(next).toBeDefined()
    const second = await client.followTransactionsLink(next ?? '')
    expect(second.kind).toBe('read')
  })

  if (name === 'booked-only') {
    it('refuses pending and both with 400 PARAMETER_NOT_SUPPORTED, shown as the sandbox said', async () => {
      const refusal = await read('both').catch((error: unknown) => error)
      expect(refusal).toBeInstanceOf(ApiError)
      expect((refusal as ApiError).status).toBe(400)
      expect((refusal as ApiError).messages[0]).toMatchObject({
        code: 'PARAMETER_NOT_SUPPORTED',
        path: 'bookingStatus',
      })
    })
  } else {
    it('reads the pending transaction, as an object or as the line of text it came as', async () => {
      const [pending] = (await read('pending')).cardTransactions.pending
      if (name === 'pending-strings') expect(pending).toBe(`p-1 ${today} -7.5 NOK 5812`)
      else expect(amountOf(pending)).toBe('-7.5')
    })
  }
})

describe('the number-amounts personality, on the wire', () => {
  const { read, client } = consoleAgainst('number-amounts')
  it('sends the amounts as JSON numbers', async () => {
    await read('booked', 1)
    const [latest] = client.log.snapshot()
    expect(latest?.kind === 'request' ? latest.responseBody : undefined).toContain(
      '"amount":-12345678901234.567',
    )
  })
})

describe('the extra-fields personality', () => {
  const { read } = consoleAgainst('extra-fields')
  it('is read with the fields the console does not know kept', async () => {
    const page = await read('booked', 1)
    expect(page.cardTransactions.booked[0]).toMatchObject({ bankInternalReference: 'X-7731' })
    expect(page).toMatchObject({ bankVersion: '4.2.0-sandbox' })
  })
})

describe('the absolute-links personality', () => {
  const { read } = consoleAgainst('absolute-links')
  it('gives absolute links', async () => {
    const page = await read('booked', 5)
    expect(page.cardTransactions._links?.next?.href).toMatch(/^http:\/\/localhost(:\d+)?\/api\/v1\/sandbox\//)
  })
})

describe('the small-pages personality', () => {
  const { read } = consoleAgainst('small-pages')
  it('gives at most 10 rows a page whatever the limit, and links to the next', async () => {
    const page = await read('booked', 200)
    expect(page.cardTransactions.booked).toHaveLength(10)
    expect(page.cardTransactions._links?.next?.href).toContain('limit=10')
  })
})
