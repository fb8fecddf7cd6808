import { describe, expect, it } from 'vitest'
import type { TppMessage } from '../contract'
import { fieldName, markFields, rowIndex } from './form-errors'

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
