import { describe, expect, it } from 'vitest'
import { amountFromServer } from './amount'
import { jsonNumber, MAX_JSON_DEPTH, parseJsonLossless, plainDecimal, stringifyJsonLossless } from './json'

describe('parseJsonLossless', () => {
  it('keeps each number literal as it was written', () => {
    const value = parseJsonLossless('{"a":12345678901234.567,"b":[100.50,-0.001],"c":"12"}')
    expect(stringifyJsonLossless(value)).toBe('{"a":12345678901234.567,"b":[100.50,-0.001],"c":"12"}')
  })

  it('refuses what is not JSON, naming the position, and a key given twice with two values', () => {
    expect(() => parseJsonLossless('{"a":')).toThrow(/position 5/)
    expect(() => parseJsonLossless('{"a":1,"a":2}')).toThrow(/Duplicate key 'a'/)
  })

  it('reads a text without numbers as JSON.parse does, and still refuses a key given twice', () => {
    const text = '{"a":"1","b":[{"c":"d:\\"e\\""},true,null,[]],"f":{"g":"h"},"": ""}'
    expect(parseJsonLossless(text)).toEqual(JSON.parse(text))
    expect(() => parseJsonLossless('{"a":"x","b":{"a":"y","a":"z"}}')).toThrow(/Duplicate key 'a'/)
    expect(() => parseJsonLossless('{"a":"x" "b":"y"}')).toThrow(/position/)
  })

  it('refuses objects and arrays nested deeper than MAX_JSON_DEPTH with a SyntaxError naming the position', () => {
    // 50,000 levels overflowed lossless-json's stack: a RangeError, "Maximum call stack size exceeded".
    const objects = (levels: number, inner: string) =>
      `${'{"a":'.repeat(levels)}${inner}${'}'.repeat(levels)}`
    const deep = objects(50_000, '1')
    expect(() => parseJsonLossless(deep)).toThrow(SyntaxError)
    expect(() => parseJsonLossless(deep)).toThrow(
      `Nested deeper than ${MAX_JSON_DEPTH} levels at position ${5 * MAX_JSON_DEPTH}`,
    )
    // Without a number JSON.parse would read it: bounded the same.
    expect(() => parseJsonLossless(`[${objects(MAX_JSON_DEPTH, '"x"')}]`)).toThrow(
      new RegExp(`^Nested deeper than ${MAX_JSON_DEPTH} levels at position [0-9]+$`),
    )
    // Brackets inside strings are text, not nesting.
    expect(parseJsonLossless(JSON.stringify({ a: '['.repeat(MAX_JSON_DEPTH + 1) }))).toEqual({
      a: '['.repeat(MAX_JSON_DEPTH + 1),
    })
    const deepest = parseJsonLossless(objects(MAX_JSON_DEPTH, '1'))
    expect(stringifyJsonLossless(deepest)).toBe(objects(MAX_JSON_DEPTH, '1'))
  })

  it('keeps __proto__ an ordinary key, as JSON.parse does', () => {
    const value = parseJsonLossless('{"__proto__":{"polluted":true}}') as Record<string, unknown>
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype)
    expect(Object.keys(value)).toEqual(['__proto__'])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})

describe('stringifyJsonLossless', () => {
  it('writes a decimal string given as a JSON number as that number literal', () => {
    expect(stringifyJsonLossless({ amount: jsonNumber('12345678901234.567') })).toBe(
      '{"amount":12345678901234.567}',
    )
  })
})

describe('plainDecimal', () => {
  it.each([
    ['1.5e3', '1500'],
    ['25E-2', '0.25'],
    ['-1.2345678901234567e13', '-12345678901234.567'],
    ['1e0', '1'],
    ['0.5e1', '5'],
    ['100.50', '100.50'],
    ['1e999999', '1e999999'],
  ])('%s is %s', (literal, plain) => {
    expect(plainDecimal(literal)).toBe(plain)
  })
})

describe("a client's reading of an amount", () => {
  it('yields the exact digits of a number read losslessly, and a string as sent', () => {
    const read = (text: string) => amountFromServer.parse(parseJsonLossless(text)).amount
    expect(read('{"currency":"NOK","amount":12345678901234.567}')).toBe('12345678901234.567')
    expect(read('{"currency":"NOK","amount":"-100.50"}')).toBe('-100.50')
    expect(read('{"currency":"NOK","amount":100}')).toBe('100')
    expect(amountFromServer.parse({ currency: 'NOK', amount: 7 }).amount).toBe('7')
  })
})
