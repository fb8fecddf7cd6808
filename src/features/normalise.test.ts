import { describe, expect, it } from 'vitest'
import {
  normaliseAmount,
  normaliseCardNumber,
  normaliseCurrency,
  normaliseDigits,
  normaliseMoney,
  normaliseText,
  wholeNumberOf,
} from './normalise'

describe('normalising what a tester types', () => {
  it('reads amounts with spaces around or a plus sign, and leaves what is ambiguous as typed', () => {
    expect(normaliseAmount(' 12.50 ')).toBe('12.50')
    expect(normaliseAmount('+5')).toBe('5')
    expect(normaliseAmount('-5')).toBe('-5')
    // The minus sign a word processor or a keyboard layout types (U+2212) can only mean a minus.
    expect(normaliseAmount('−500')).toBe('-500')
    expect(normaliseAmount('12,50')).toBe('12,50')
    // Thousands in groups of three, with a point for the decimals: one way to read them.
    expect(normaliseAmount('-1 200.5')).toBe('-1200.5')
    expect(normaliseAmount('+1\u00a0234\u202f567.80')).toBe('1234567.80')
    expect(normaliseAmount('1 200,5')).toBe('1 200,5')
    expect(normaliseAmount('12 00.5')).toBe('12 00.5')
    expect(normaliseAmount('+')).toBe('+')
    expect(normaliseAmount('++5')).toBe('++5')
  })

  it('drops leading zeros and the sign of a zero, which the sandbox would keep and show as typed', () => {
    expect(normaliseAmount('00012')).toBe('12')
    expect(normaliseAmount('-007.50')).toBe('-7.50')
    expect(normaliseAmount('0.5')).toBe('0.5')
    expect(normaliseAmount('000')).toBe('0')
    expect(normaliseAmount('-0')).toBe('0')
    expect(normaliseAmount('−0.00')).toBe('0.00')
    expect(normaliseAmount('-00.01')).toBe('-0.01')
    // What a rule refuses stays as typed, for the rule to name.
    expect(normaliseAmount('-0,5')).toBe('-0,5')
    expect(normaliseAmount('001e3')).toBe('001e3')
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

describe('reading a typed count', () => {
  it('reads plain digits, with spaces around or a plus sign, within the bounds', () => {
    expect(wholeNumberOf(' 12 ', 0)).toBe(12)
    expect(wholeNumberOf('+5', 0, 10)).toBe(5)
    expect(wholeNumberOf('11', 0, 10)).toBeUndefined()
    expect(wholeNumberOf('-2', 0)).toBeUndefined()
  })

  it('reads no count written another way, though Number() would', () => {
    for (const typed of ['1e3', '5.0', '0x10', '', ' ', 'Infinity'])
      expect(wholeNumberOf(typed, 0)).toBeUndefined()
  })
})
