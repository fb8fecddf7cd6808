import { describe, expect, it } from 'vitest'
import { accountBody, accountFormDefaults, accountFormSchema, blankBalance } from './account-form'
import { accountIdFrom } from './account-input'

const base = { ...accountFormDefaults, maskedPan: '1234********4321' }

describe('the account form’s "All fields"', () => {
  it('sends none of the platform fields while they are blank', () => {
    expect(accountBody({ ...base, balances: [blankBalance('NOK')] })).toEqual({
      maskedPan: '1234********4321',
      currency: 'NOK',
      customerNumber: '13039319955',
      customerType: 'private',
      status: 'enabled',
    })
  })

  it('sends each one filled in, a balance row once any of its inputs is', () => {
    const body = accountBody({
      ...base,
      cardId: '1',
      cardIdVNo: '2',
      accountNumber: '123412341234',
      expiry: '2030-01-01',
      balances: [
        {
          balanceAmount: { currency: 'NOK', amount: '0' },
          balanceType: 'EXPECTED',
          referenceDate: '2020-01-01',
        },
        blankBalance('NOK'),
      ],
    })
    expect(body).toMatchObject({
      cardId: '1',
      cardIdVNo: '2',
      accountNumber: '123412341234',
      expiry: '2030-01-01',
      balances: [
        {
          balanceAmount: { currency: 'NOK', amount: '0' },
          balanceType: 'EXPECTED',
          referenceDate: '2020-01-01',
        },
      ],
    })
    expect(accountFormSchema.safeParse(base).success).toBe(true)
  })

  it('names a bad platform field in the words of its label', () => {
    const result = accountFormSchema.safeParse({
      ...base,
      expiry: '2030-02-30',
      balances: [{ balanceAmount: { currency: 'NO', amount: '1' }, balanceType: '', referenceDate: '' }],
    })
    expect(result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([
      'balances.0.balanceAmount.currency: currency must be a three-letter ISO 4217 code, e.g. "NOK", "EUR" or "USD"',
      'balances.0.balanceType: Balance type is required, e.g. EXPECTED',
      'expiry: Expiry is not a real calendar date',
    ])
  })
})

describe('"Open account…" reads an id or a link', () => {
  const id = 'enc!!aI55HS7YpeXJhHqt4PmNavMmogFrZWG789qlE-hGC6Y9T-kejIx4ZfRdS68U_RpL5m_PCXFPEGfF992bjRx2Gw=='

  it('takes an id as typed, the platform’s included', () => {
    expect(accountIdFrom(`  ${id} `)).toEqual({ ok: true, id })
    // As the inspector and curl show it in a path: a tester pasted it and was told "%" is no id's.
    expect(accountIdFrom(encodeURIComponent(id))).toEqual({ ok: true, id })
  })

  it('takes a console link and a sandbox URL, the id decoded', () => {
    // A console link keeps its view, which opening it applies (its status here).
    expect(accountIdFrom(`http://127.0.0.1:5173/?account=${encodeURIComponent(id)}&status=both`)).toEqual({
      ok: true,
      id,
      view: `?account=${encodeURIComponent(id)}&status=both`,
    })
    const encoded = encodeURIComponent(id)
    expect(
      accountIdFrom(`https://psd2.example-bank.no/api-sandbox/v1/sandbox/card-accounts/${encoded}`),
    ).toEqual({
      ok: true,
      id,
    })
    expect(accountIdFrom('/api/v1/sandbox/card-accounts/acc-1/transactions?bookingStatus=both')).toEqual({
      ok: true,
      id: 'acc-1',
    })
  })

  it('says what it needs when the entry names no account', () => {
    expect(accountIdFrom('  ')).toEqual({
      ok: false,
      message: 'Enter a card account id, or paste a link to one',
    })
    expect(accountIdFrom('https://bank.example/accounts/1')).toMatchObject({ ok: false })
  })

  it('refuses an id no sandbox path can carry, showing the start of a long one only', () => {
    expect(accountIdFrom('x'.repeat(500))).toEqual({
      ok: false,
      message: `A card account id must be 1 to 128 of A-Z a-z 0-9 _ . ~ ! = -, not "${'x'.repeat(40)}…" (500 characters)`,
    })
    expect(accountIdFrom('/?account=acc%201')).toEqual({
      ok: false,
      message: 'A card account id must be 1 to 128 of A-Z a-z 0-9 _ . ~ ! = -, not "acc 1"',
    })
  })
})
