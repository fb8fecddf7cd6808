import { describe, expect, it } from 'vitest'
import { cardAccount, cardAccountCreate, cardAccountCreateSchema } from './card-account'
import { storedTransaction } from './snapshot'
import { characterCount } from './text'
import { transactionCreate, transactionCreateSchema } from './transaction'

const account = { maskedPan: '525412******3241', currency: 'NOK', customerNumber: '13039319955' }
const transaction = {
  transactionDate: '2026-06-01',
  bookingDate: '2026-06-01',
  transactionAmount: { currency: 'NOK', amount: '-10.00' },
  originalAmount: { currency: 'NOK', amount: '-10.00' },
  merchantCategoryCode: '5411',
}
const nameIssues = (name: string) =>
  cardAccountCreate.safeParse({ ...account, name }).error?.issues.map((issue) => issue.message) ?? []

// docs/decisions.md#text-length: the rule and the counters count code points, one for each emoji.
it('counts code points, as the name rule does: 35 emoji pass, 36 do not', () => {
  expect(characterCount('😀'.repeat(35))).toBe(35)
  expect(nameIssues('😀'.repeat(35))).toEqual([])
  expect(nameIssues('😀'.repeat(36))).toEqual([expect.stringMatching(/^name may have at most 35 characters/)])
})

it('counts a joined family emoji as the code points it is made of', () => {
  const family = '👨‍👩‍👧'
  expect(characterCount(family)).toBe(5)
  expect(nameIssues(`${'N'.repeat(30)}${family}`)).toEqual([])
  expect(nameIssues(`${'N'.repeat(31)}${family}`)).toHaveLength(1)
})

describe('text that shows otherwise than it is held', () => {
  it('refuses a bidirectional control in a new write, naming the field and the character', () => {
    expect(nameIssues('\u202Eevil\u202C')).toEqual([
      'name must not contain U+202E, a control character that reorders how the text shows',
    ])
    expect(nameIssues('a\u2067b')).toEqual([
      'name must not contain U+2067, a control character that reorders how the text shows',
    ])
  })

  it('keeps the direction marks a right-to-left name needs', () => {
    expect(nameIssues('\u05E9\u05DC\u05D5\u05DD 24\u200F')).toEqual([])
    expect(nameIssues('\u0645\u062A\u062C\u0631\u061C 7\u200E')).toEqual([])
  })

  it('refuses a lone surrogate as not well-formed Unicode, and keeps a pair', () => {
    expect(nameIssues('\uD800')).toEqual([
      'name is not well-formed Unicode: U+D800 is half of a character (a lone surrogate)',
    ])
    expect(nameIssues('x\uDE00')).toEqual([
      'name is not well-formed Unicode: U+DE00 is half of a character (a lone surrogate)',
    ])
    expect(nameIssues('\uD83D\uDE00')).toEqual([])
  })

  it('names the field of a transaction and of its address', () => {
    const issues = transactionCreate
      .safeParse({ ...transaction, terminalId: 't\u202D1', cardAcceptorAddress: { city: '\uDC00' } })
      .error?.issues.map(({ path, message }) => [path.join('.'), message])
    expect(issues).toEqual([
      [
        'terminalId',
        'terminalId must not contain U+202D, a control character that reorders how the text shows',
      ],
      [
        'cardAcceptorAddress.city',
        'city is not well-formed Unicode: U+DC00 is half of a character (a lone surrogate)',
      ],
    ])
  })

  it('still reads what was stored before the rule: an account, a transaction, a recorded step', () => {
    const held = '\u202Eevil\u202C\uD800'
    expect(
      storedTransaction.safeParse({
        ...transaction,
        cardTransactionId: 'ct-1',
        bookingStatus: 'booked',
        terminalId: held,
      }).success,
    ).toBe(true)
    expect(
      cardAccount.safeParse({
        ...account,
        resourceId: 'a',
        customerType: 'private',
        status: 'enabled',
        name: held,
        cardId: held,
      }).success,
    ).toBe(true)
    expect(
      transactionCreateSchema({ currencies: 'stored' }).safeParse({
        ...transaction,
        transactionDetails: held,
      }).success,
    ).toBe(true)
    expect(
      cardAccountCreateSchema({ currencies: 'stored' }).safeParse({ ...account, name: held }).success,
    ).toBe(true)
  })
})
