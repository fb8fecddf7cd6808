import { describe, expect, it } from 'vitest'
import { jsonFault } from './json-fault'

const cutOff = { kind: 'cut-off' }
const unexpectedAt = (offset: number) => ({ kind: 'unexpected', offset })

describe('jsonFault, part by part', () => {
  it('reads a string: control characters, escapes and \\u digits', () => {
    expect(jsonFault('"a\nb"')).toEqual(unexpectedAt(2))
    expect(jsonFault('"a\\')).toEqual(cutOff)
    expect(jsonFault('"\\u12')).toEqual(cutOff)
    expect(jsonFault('"\\u12x4"')).toEqual(unexpectedAt(5))
    expect(jsonFault('"\\/\\n\\t"')).toBeUndefined()
    expect(jsonFault('"abc')).toEqual(cutOff)
  })

  it('reads numbers and literals, and tells a cut one from a wrong one', () => {
    expect(jsonFault('12')).toBeUndefined()
    expect(jsonFault('12.')).toEqual(cutOff)
    expect(jsonFault('[1e')).toEqual(cutOff)
    expect(jsonFault('-')).toEqual(cutOff)
    expect(jsonFault('-x')).toEqual(unexpectedAt(0))
    expect(jsonFault('12.x')).toEqual(unexpectedAt(2))
    expect(jsonFault('[tru')).toEqual(cutOff)
    expect(jsonFault('[trux]')).toEqual(unexpectedAt(1))
    expect(jsonFault(' null ')).toBeUndefined()
  })

  it('reads an object: a string key, a colon, then commas between entries', () => {
    expect(jsonFault('{1: 2}')).toEqual(unexpectedAt(1))
    expect(jsonFault('{"a" 1}')).toEqual(unexpectedAt(5))
    expect(jsonFault('{"a"')).toEqual(cutOff)
    expect(jsonFault('{"a": 1,')).toEqual(cutOff)
    expect(jsonFault('{"a": 1 "b": 2}')).toEqual(unexpectedAt(8))
    expect(jsonFault('{"a": [1, {"b": []}], "c": {}}')).toBeUndefined()
  })

  it('says an empty text or one of white space is cut off', () => {
    expect(jsonFault('')).toEqual(cutOff)
    expect(jsonFault(' \n')).toEqual(cutOff)
    expect(jsonFault('[1, ')).toEqual(cutOff)
  })
})
