import { describe, expect, it } from 'vitest'
import { runBounded } from '../../test/bounded-run'
import { jsonFault, lineAndColumn } from './json-fault'
import { readImportText } from './read-import-file'

const reasonOf = (text: string) => {
  const read = readImportText(text)
  return read.ok ? undefined : read.reason
}

describe('readImportText', () => {
  it('reads JSON', () => {
    expect(readImportText('[1,2,3]')).toEqual({ ok: true, data: [1, 2, 3] })
  })

  it('says an empty file is empty, white space alone included', () => {
    expect(reasonOf('')).toBe('The file is empty.')
    expect(reasonOf(' \n\t')).toBe('The file is empty.')
  })

  it('names the line and column where a text stops being JSON', () => {
    expect(reasonOf('{\n  "format": "sandbox-console",\n  oops\n}')).toBe(
      'This is not a JSON file (it could not be read as JSON at line 3, column 3).',
    )
    expect(reasonOf('Hello, world')).toBe(
      'This is not a JSON file (it could not be read as JSON at line 1, column 1).',
    )
  })

  it('says a text that ends inside the JSON looks cut off', () => {
    const cut = 'The file looks cut off: it ends before the JSON is complete.'
    const whole = JSON.stringify(
      { format: 'sandbox-console', cardAccounts: [{ a: 'text', n: 12.5 }] },
      null,
      2,
    )
    for (let end = 1; end < whole.length; end++) {
      if (/\s/.test(whole.charAt(end - 1))) continue
      expect(reasonOf(whole.slice(0, end)), whole.slice(0, end)).toBe(cut)
    }
  })
})

describe('jsonFault', () => {
  it('finds nothing wrong with JSON', () => {
    for (const text of ['{}', '[]', '"a\\u00e9"', '-1.5e3', '{"a":[true,false,null,{"b":"c"}]}']) {
      expect(jsonFault(text), text).toBeUndefined()
    }
  })

  it('points at the first character that cannot continue the text', () => {
    expect(jsonFault('{"a": 1,}')).toEqual({ kind: 'unexpected', offset: 8 })
    expect(jsonFault('[1 2]')).toEqual({ kind: 'unexpected', offset: 3 })
    expect(jsonFault('{"a": 1} x')).toEqual({ kind: 'unexpected', offset: 9 })
    expect(jsonFault('"a\\x"')).toEqual({ kind: 'unexpected', offset: 3 })
  })

  it('does not overflow the stack on deep nesting', () => {
    expect(jsonFault('['.repeat(100_000))).toEqual({ kind: 'cut-off' })
  })
})

it('counts lines and columns from 1', () => {
  expect(lineAndColumn('ab\ncd', 0)).toEqual({ line: 1, column: 1 })
  expect(lineAndColumn('ab\ncd', 4)).toEqual({ line: 2, column: 2 })
})

describe('a megabyte that is not JSON', () => {
  // The cases of a test in one child process, killed past the bound: a quadratic reader never returns. One
  // child a test, not a case: each starts Node and tsx's loader, some 0.4 CPU s.
  const reasonsInChild = (...texts: string[]) =>
    runBounded(
      `import { readImportText } from './src/features/file-import/read-import-file.ts'
       const reasons = [${texts.join(', ')}].map((text) => {
         const read = readImportText(text)
         return read.ok ? 'read' : read.reason
       })
       console.log(JSON.stringify(reasons))`,
    )

  it('is named at once after a long run of digits', () => {
    const [digitsThenX, digitsThenDot, exponentThenX] = reasonsInChild(
      `'[' + '1'.repeat(1_000_000) + ',x]'`,
      `'[' + '1'.repeat(1_000_000) + '.'`,
      `'[' + '-0.'.padEnd(1_000_000, '5') + 'e+' + '1,'.repeat(100_000) + 'x'`,
    ) as string[]
    expect(digitsThenX).toBe(
      'This is not a JSON file (it could not be read as JSON at line 1, column 1000003).',
    )
    expect(digitsThenDot).toBe('The file looks cut off: it ends before the JSON is complete.')
    expect(exponentThenX).toMatch(
      /^This is not a JSON file \(it could not be read as JSON at line 1, column \d+\)\.$/,
    )
  }, 120_000)

  it('is named at once after deep nesting and long strings', () => {
    const [deepNesting, badEscape, cutString] = reasonsInChild(
      `'{"a":'.repeat(200_000) + '[1 2]'`,
      `'["' + 'x'.repeat(1_000_000) + '\\\\u12G4"]'`,
      `'[' + '"ab",'.repeat(200_000) + '"cut'`,
    ) as string[]
    expect(deepNesting).toBe(
      'This is not a JSON file (it could not be read as JSON at line 1, column 1000004).',
    )
    expect(badEscape).toBe(
      'This is not a JSON file (it could not be read as JSON at line 1, column 1000007).',
    )
    expect(cutString).toBe('The file looks cut off: it ends before the JSON is complete.')
  }, 120_000)
})
