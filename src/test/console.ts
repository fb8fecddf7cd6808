/**
 * A test that writes to console.error or console.warn fails: React's warnings (act, NaN attributes, keys),
 * msw's unhandled requests (`onUnhandledRequest: 'error'` logs and fails only the request, which the app
 * may well swallow) and the app's own error reports are bugs the run would otherwise pass over in silence.
 * A test that provokes such a message on purpose says so with `expectConsole`.
 */
import { format } from 'node:util'
import { afterAll, afterEach, beforeEach } from 'vitest'

type Level = 'error' | 'warn'
const levels: readonly Level[] = ['error', 'warn']

interface Expected {
  level: Level
  pattern: RegExp
  seen: number
}

interface Guard {
  expected: Expected[]
  unexpected: string[]
}

// On the global object: without isolation one worker runs many files, and the console is wrapped once.
const key = Symbol.for('sandbox-console.test.console-guard')
const holder = globalThis as typeof globalThis & { [key]?: Guard }

function guard(): Guard {
  const existing = holder[key]
  if (existing) return existing
  const created: Guard = { expected: [], unexpected: [] }
  holder[key] = created
  for (const level of levels) {
    const original = console[level].bind(console)
    console[level] = (...args: unknown[]) => {
      const text = format(...args)
      const match = created.expected.find((e) => e.level === level && e.pattern.test(text))
      if (match) {
        match.seen++
        return
      }
      created.unexpected.push(`console.${level}: ${text}`)
      original(...args)
    }
  }
  return created
}

/**
 * Lets the current test write `pattern` to console[level] (each matching message is kept off the output)
 * and fails it if nothing matching was written: a test that expects a message must provoke it.
 */
export function expectConsole(level: Level, pattern: RegExp): void {
  guard().expected.push({ level, pattern, seen: 0 })
}

/**
 * What the current test did wrong on the console so far (unexpected messages, expected ones that never
 * came), forgetting it and the expectations: the set-up file's hooks fail a test with these.
 */
export function takeConsoleProblems(): string[] {
  const state = guard()
  const unexpected = state.unexpected.splice(0)
  const missing = state.expected.filter((e) => e.seen === 0)
  state.expected = []
  return [
    ...unexpected.map((line) => `unexpected ${line}`),
    ...missing.map((e) => `expected console.${e.level} matching ${e.pattern}, none came`),
  ]
}

/** Hooks for the set-up file: each test starts clean and fails on what it wrote unexpectedly. */
export function failOnConsole(): void {
  guard()
  const check = (when: string) => {
    const problems = takeConsoleProblems()
    if (problems.length > 0) {
      throw new Error(
        `${when}:\n${problems.join('\n')}\n(src/test/console.ts: expectConsole for an intended one)`,
      )
    }
  }
  beforeEach(() => {
    // What came between tests (a file's set-up, a late answer) belongs to no test: it fails the next one.
    check('written outside a test')
  })
  afterEach(() => check('this test wrote to the console'))
  afterAll(() => check('written after the last test'))
}
