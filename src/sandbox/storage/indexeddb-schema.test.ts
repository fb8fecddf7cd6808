import { expect, it } from 'vitest'
import { jsonSafe } from './indexeddb-schema'

it('writes what IndexedDB keeps and JSON cannot as words, and everything else as it is', () => {
  const shared = { a: 1 }
  const cycle: Record<string, unknown> = { name: 'loop' }
  cycle.self = cycle
  const stored = {
    big: 12n,
    notNumbers: [Number.NaN, Number.POSITIVE_INFINITY],
    gone: [undefined, () => 1, Symbol('s')],
    plain: ['text', 1.5, true, null],
    cycle,
    twice: [shared, shared],
    dates: [new Date('2026-11-26T00:00:00Z'), new Date(Number.NaN)],
    binary: [new Uint8Array(3), new ArrayBuffer(5)],
    map: new Map([[1n, new Set(['x'])]]),
  }
  expect(jsonSafe(stored)).toEqual({
    big: '12n',
    notNumbers: ['NaN', 'Infinity'],
    gone: [null, null, null],
    plain: ['text', 1.5, true, null],
    cycle: { name: 'loop', self: '[circular]' },
    twice: [{ a: 1 }, { a: 1 }],
    dates: ['2026-11-26T00:00:00.000Z', 'Invalid Date'],
    binary: ['[3 bytes]', '[5 bytes]'],
    map: [['1n', ['x']]],
  })
})
