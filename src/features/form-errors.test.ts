import { describe, expect, it } from 'vitest'
import type { TppMessage } from '../contract'
import { fieldName, inLabelWords, markFields, rowIndex } from './form-errors'

const message = (path: string | undefined): TppMessage => ({
  category: 'ERROR',
  code: 'FORMAT_ERROR',
  text: 'bad',
  ...(path === undefined ? {} : { path }),
})

describe('tppMessages paths on form fields', () => {
  it('maps body paths to field names', () => {
    expect(fieldName('maskedPan')).toBe('maskedPan')
    expect(fieldName('creditLimit.amount')).toBe('creditLimit.amount')
    expect(fieldName('[3].transactionAmount.amount', 'transactions')).toBe(
      'transactions.3.transactionAmount.amount',
    )
    expect(rowIndex('[12].bookingDate')).toBe(12)
    expect(rowIndex('X-Request-ID')).toBeUndefined()
  })

  it('marks the fields the form has and returns the rest', () => {
    const marked: string[] = []
    const rest = markFields(
      [message('[1].transactionDate'), message('[1]'), message('X-Request-ID'), message(undefined)],
      (name) => name === 'transactions.1.transactionDate',
      (name) => marked.push(name),
      'transactions',
    )
    expect(marked).toEqual(['transactions.1.transactionDate'])
    expect(rest.map((m) => m.path)).toEqual(['[1]', 'X-Request-ID', undefined])
  })
})

describe('messages in the words of the labels', () => {
  it('puts the label where the wire path was, the sandbox and the contract alike', () => {
    expect(inLabelWords('maskedPan', 'maskedPan must be 12 to 19 characters')).toBe(
      'Masked PAN must be 12 to 19 characters',
    )
    expect(inLabelWords('transactions.3.transactionAmount.amount', 'amount must be a decimal number')).toBe(
      'Amount must be a decimal number',
    )
    expect(
      inLabelWords('[3].transactionAmount.amount', '[3].transactionAmount.amount must be a decimal'),
    ).toBe('Amount must be a decimal')
    expect(
      inLabelWords(
        'transactions.0.merchantCategoryCode',
        'merchantCategoryCode may have at most 4 characters',
      ),
    ).toBe('MCC may have at most 4 characters')
    expect(inLabelWords('creditLimit.currency', 'currency must be an ISO 4217 code')).toBe(
      'Credit limit currency must be an ISO 4217 code',
    )
    expect(inLabelWords('balances.2.balanceType', 'balanceType is required')).toBe('Balance type is required')
    // A form's own rule that already speaks the label says it once.
    expect(
      inLabelWords(
        'transactions.0.markupFeePercentage',
        'Markup fee percentage must be a number such as 2 or 1.5',
      ),
    ).toBe('Markup fee percentage must be a number such as 2 or 1.5')
  })

  it('names other fields and rows in words, and the header toggle for the name limit', () => {
    expect(
      inLabelWords('[1].bookingDate', '[1].bookingDate 2026-01-02 is before transactionDate 2026-01-05'),
    ).toBe('Booking date 2026-01-02 is before transaction date 2026-01-05')
    expect(inLabelWords('[1].cardTransactionId', '[1].cardTransactionId a is already used by [0]')).toBe(
      'Transaction id a is already used by row 1',
    )
    expect(
      inLabelWords('name', 'name may have at most 35 characters (70 with accept-fix: longer-name)'),
    ).toBe('Name may have at most 35 characters; turn on "Longer names (accept-fix)" (below) for 70')
    expect(inLabelWords('transactions.0.transactionDate', 'must be a date in the form YYYY-MM-DD')).toBe(
      'Transaction date must be a date in the form YYYY-MM-DD',
    )
    expect(inLabelWords('X-Request-ID', 'X-Request-ID must be a UUID')).toBe('X-Request-ID must be a UUID')
  })
})
