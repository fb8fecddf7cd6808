import { describe, expect, it } from 'vitest'
import {
  normaliseAmount,
  normaliseCardNumber,
  normaliseCurrency,
  normaliseDigits,
  normaliseMoney,
  normaliseText,
} from './normalise'

describe('normalising what a tester types', () => {
  it('reads amounts with spaces around or a plus sign, and leaves what is ambiguous as typed', () => {
    expect(normaliseAmount(' 12.50 ')).toBe('12.50')
    expect(normaliseAmount('+5')).toBe('5')
    expect(normaliseAmount('-5')).toBe('-5')
    // The minus sign a word processor or a keyboard layout types (U+2212) can only mean a minus.
    expect(normaliseAmount('−500')).toBe('-500')
    expect(normaliseAmount('12,50')).toBe('12,50')
    expect(normaliseAmount('+')).toBe('+')
    expect(normaliseAmount('++5')).toBe('++5')
  })

  it('writes currencies in capitals', () => {
    expect(normaliseCurrency(' nok ')).toBe('NOK')
    expect(normaliseMoney({ amount: ' +2.52', currency: 'sek' })).toEqual({ amount: '2.52', currency: 'SEK' })
  })

  it('trims text and joins grouped numbers', () => {
    expect(normaliseText('  Travel card ')).toBe('Travel card')
    expect(normaliseCardNumber(' 5254 12** **** 3241 ')).toBe('525412******3241')
    expect(normaliseCardNumber('5254-12**-****-3241')).toBe('525412******3241')
    expect(normaliseDigits(' 130 393 199 55 ')).toBe('13039319955')
    expect(normaliseDigits(' 13a ')).toBe('13a')
  })
})
