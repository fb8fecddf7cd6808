/**
 * Where a text stops being JSON, for telling a person why a file could not be read. `JSON.parse` says so in
 * each engine's own words (V8: "at position 200000", Firefox: "at line 1 column 5"), none of which a test
 * can rely on; this walks the grammar itself, only once the parse has failed.
 */
export type JsonFault =
  /** The text ends before the value is complete: a file cut off while it was written or copied. */
  | { kind: 'cut-off' }
  /** `offset` is the first character that cannot continue the JSON text. */
  | { kind: 'unexpected'; offset: number }

const WHITESPACE = new Set([' ', '\t', '\n', '\r'])
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't'])
const HEX = /^[0-9a-fA-F]$/
const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y
const LITERALS = ['true', 'false', 'null']

const isDigit = (text: string, at: number) => {
  const code = text.charCodeAt(at)
  return code >= 0x30 && code <= 0x39
}

/**
 * Whether the text from `start` on is the start of a number literal that the text's end interrupted ("12.",
 * "-", "1e"). One pass: a backtracking pattern for the same took time quadratic in a run of digits.
 */
function numberCutOffAt(text: string, start: number): boolean {
  let at = start
  if (text.charAt(at) === '-') at++
  while (isDigit(text, at)) at++
  if (text.charAt(at) === '.') at++
  while (isDigit(text, at)) at++
  if (text.charAt(at) === 'e' || text.charAt(at) === 'E') {
    at++
    if (text.charAt(at) === '+' || text.charAt(at) === '-') at++
    while (isDigit(text, at)) at++
  }
  return at === text.length
}

class Fault {
  constructor(readonly fault: JsonFault) {}
}

/**
 * The first fault of a text that is not JSON, or undefined for one that is. Containers are tracked on a
 * stack rather than by recursion, so a file nested thousands deep cannot overflow the call stack.
 */
export function jsonFault(text: string): JsonFault | undefined {
  let at = 0
  const cutOff = () => new Fault({ kind: 'cut-off' })
  const unexpected = (offset = at) => new Fault({ kind: 'unexpected', offset })
  const skipWhitespace = () => {
    while (at < text.length && WHITESPACE.has(text.charAt(at))) at++
  }
  const expect = (char: string) => {
    skipWhitespace()
    if (at >= text.length) throw cutOff()
    if (text.charAt(at) !== char) throw unexpected()
    at++
  }
  const readString = () => {
    // `at` is on the opening quote.
    at++
    for (;;) {
      if (at >= text.length) throw cutOff()
      const char = text.charAt(at)
      if (char === '"') {
        at++
        return
      }
      if (char.charCodeAt(0) < 0x20) throw unexpected()
      if (char === '\\') {
        const escaped = text.charAt(at + 1)
        if (at + 1 >= text.length) throw cutOff()
        if (escaped === 'u') {
          for (let digit = at + 2; digit < at + 6; digit++) {
            if (digit >= text.length) throw cutOff()
            if (!HEX.test(text.charAt(digit))) throw unexpected(digit)
          }
          at += 6
        } else if (ESCAPES.has(escaped)) at += 2
        else throw unexpected(at + 1)
      } else at++
    }
  }
  /** A scalar is read whole; an array or object is opened, and its state pushed. */
  const readValue = (open: ('array' | 'object')[]) => {
    skipWhitespace()
    if (at >= text.length) throw cutOff()
    const char = text.charAt(at)
    if (char === '"') return readString()
    if (char === '[' || char === '{') {
      at++
      open.push(char === '[' ? 'array' : 'object')
      return
    }
    NUMBER.lastIndex = at
    const number = NUMBER.exec(text)
    if (number !== null) {
      at += number[0].length
      // "12." or "1e" at the very end: the number itself was cut.
      if (at < text.length && numberCutOffAt(text, at - number[0].length)) throw cutOff()
      return
    }
    for (const literal of LITERALS) {
      const rest = text.slice(at, at + literal.length)
      if (rest === literal) {
        at += literal.length
        return
      }
      if (literal.startsWith(rest) && at + rest.length === text.length && rest !== '') throw cutOff()
    }
    if (char === '-' && numberCutOffAt(text, at)) throw cutOff()
    throw unexpected()
  }

  try {
    const open: ('array' | 'object')[] = []
    readValue(open)
    // After a value, each open container takes a separator, its end, or (just opened) its first entry.
    let justOpened = open.length > 0
    while (open.length > 0) {
      const container = open.at(-1)
      const close = container === 'array' ? ']' : '}'
      skipWhitespace()
      if (at >= text.length) throw cutOff()
      const char = text.charAt(at)
      if (char === close) {
        at++
        open.pop()
        justOpened = false
        continue
      }
      if (!justOpened) {
        if (char !== ',') throw unexpected()
        at++
      }
      if (container === 'object') {
        skipWhitespace()
        if (at >= text.length) throw cutOff()
        if (text.charAt(at) !== '"') throw unexpected()
        readString()
        expect(':')
      }
      const depth = open.length
      readValue(open)
      justOpened = open.length > depth
    }
    skipWhitespace()
    return at < text.length ? { kind: 'unexpected', offset: at } : undefined
  } catch (error) {
    if (error instanceof Fault) return error.fault
    throw error
  }
}

/** 1-based line and column of a character: what an editor's status bar shows. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1
  let lineStart = 0
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 0x0a) {
      line++
      lineStart = i + 1
    }
  }
  return { line, column: offset - lineStart + 1 }
}
