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
  try {
    new JsonReader(text).readText()
    return undefined
  } catch (error) {
    if (error instanceof Fault) return error.fault
    throw error
  }
}

/** Walks the JSON grammar over a text, throwing a Fault where the text stops following it. */
class JsonReader {
  private at = 0
  private readonly open: ('array' | 'object')[] = []

  constructor(private readonly text: string) {}

  readText() {
    let justOpened = this.readValue()
    // After a value, each open container takes a separator, its end, or (just opened) its first entry.
    while (this.open.length > 0) {
      const container = this.open.at(-1)
      if (this.next() === (container === 'array' ? ']' : '}')) {
        this.at++
        this.open.pop()
        justOpened = false
        continue
      }
      if (!justOpened) this.expect(',')
      if (container === 'object') this.readKey()
      justOpened = this.readValue()
    }
    this.skipWhitespace()
    if (this.at < this.text.length) throw this.unexpected()
  }

  /** A scalar is read whole; an array or object is opened, its state pushed: then this returns true. */
  private readValue(): boolean {
    const char = this.next()
    if (char === '[' || char === '{') {
      this.at++
      this.open.push(char === '[' ? 'array' : 'object')
      return true
    }
    if (char === '"') this.readString()
    else if (!this.readNumber() && !this.readLiteral()) {
      if (char === '-' && numberCutOffAt(this.text, this.at)) throw this.cutOff()
      throw this.unexpected()
    }
    return false
  }

  private readKey() {
    if (this.next() !== '"') throw this.unexpected()
    this.readString()
    this.expect(':')
  }

  /** From the opening quote to just past the closing one. */
  private readString() {
    this.at++
    for (;;) {
      if (this.at >= this.text.length) throw this.cutOff()
      const char = this.text.charAt(this.at)
      if (char === '"') {
        this.at++
        return
      }
      if (char.charCodeAt(0) < 0x20) throw this.unexpected()
      if (char === '\\') this.readEscape()
      else this.at++
    }
  }

  /** From the backslash to just past the escape. */
  private readEscape() {
    if (this.at + 1 >= this.text.length) throw this.cutOff()
    const escaped = this.text.charAt(this.at + 1)
    if (escaped === 'u') {
      for (let digit = this.at + 2; digit < this.at + 6; digit++) {
        if (digit >= this.text.length) throw this.cutOff()
        if (!HEX.test(this.text.charAt(digit))) throw this.unexpected(digit)
      }
      this.at += 6
    } else if (ESCAPES.has(escaped)) this.at += 2
    else throw this.unexpected(this.at + 1)
  }

  /** Whether a number starts here, read whole if so. */
  private readNumber(): boolean {
    NUMBER.lastIndex = this.at
    const number = NUMBER.exec(this.text)
    if (number === null) return false
    this.at += number[0].length
    // "12." or "1e" at the very end: the number itself was cut.
    if (this.at < this.text.length && numberCutOffAt(this.text, this.at - number[0].length))
      throw this.cutOff()
    return true
  }

  /** Whether true, false or null starts here, read whole if so; the start of one at the text's end is cut. */
  private readLiteral(): boolean {
    for (const literal of LITERALS) {
      const rest = this.text.slice(this.at, this.at + literal.length)
      if (rest === literal) {
        this.at += literal.length
        return true
      }
      if (literal.startsWith(rest) && this.at + rest.length === this.text.length && rest !== '')
        throw this.cutOff()
    }
    return false
  }

  /** The next character that is not white space; the text's end there means it was cut off. */
  private next(): string {
    this.skipWhitespace()
    if (this.at >= this.text.length) throw this.cutOff()
    return this.text.charAt(this.at)
  }

  private expect(char: string) {
    if (this.next() !== char) throw this.unexpected()
    this.at++
  }

  private skipWhitespace() {
    while (this.at < this.text.length && WHITESPACE.has(this.text.charAt(this.at))) this.at++
  }

  private cutOff() {
    return new Fault({ kind: 'cut-off' })
  }

  private unexpected(offset = this.at) {
    return new Fault({ kind: 'unexpected', offset })
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
