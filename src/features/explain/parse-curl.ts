import type { BodySource } from '../../signing/diagnosis'
import { pathAndQuery, type Reading, utf8 } from './pasted-request'

// Options whose next word is their value and that do not change the request the bank sees.
const IGNORED_WITH_VALUE = new Set([
  '-o',
  '--output',
  '-u',
  '--user',
  '-b',
  '--cookie',
  '-c',
  '--cookie-jar',
  '--cacert',
  '--capath',
  '--cert',
  '-E',
  '--key',
  '--key-type',
  '--cert-type',
  '--connect-timeout',
  '-m',
  '--max-time',
  '-w',
  '--write-out',
  '-x',
  '--proxy',
  '--resolve',
  '--retry',
  '--interface',
  '--limit-rate',
  '--pass',
  '-r',
  '--range',
])
const DATA = new Set([
  '-d',
  '--data',
  '--data-ascii',
  '--data-binary',
  '--data-raw',
  '--data-urlencode',
  '--json',
])
// What --json sends besides its data.
const JSON_HEADERS: [string, string][] = [
  ['Content-Type', 'application/json'],
  ['Accept', 'application/json'],
]

/** What the options of a curl command say of the request, gathered as curl reads them. */
interface CurlOptions {
  method?: string | undefined
  url?: string | undefined
  headers: [string, string][]
  data: string[]
  notes: string[]
  fromFile: boolean
  json: boolean
}

/**
 * A curl command line as a shell reads it (quotes, $'…', backslashes, line continuations) and as curl
 * builds the request from it: -X, -H, the data options, --url.
 */
export function parseCurl(command: string, { exact }: { exact: boolean }): Reading {
  const words = shellWords(command)
  if (!words.ok) return words
  const [first, ...args] = words.value
  if (first !== 'curl') return { ok: false, reason: 'a curl command starts with curl' }
  const options = readOptions(args)
  const { url, headers, data, fromFile, notes } = options
  if (url === undefined) return { ok: false, reason: 'the curl command has no URL' }
  if (options.json) addMissingHeaders(headers, JSON_HEADERS)
  const host = /^(?:[a-z]+:\/\/)?([^/?#]+)/i.exec(url)?.[1]
  if (host) addMissingHeaders(headers, [['Host', host]])
  const hasBody = data.length > 0 || fromFile
  if (fromFile) notes.push('the body is read from a file the command names')
  return {
    ok: true,
    format: 'curl',
    request: {
      method: (options.method ?? (hasBody ? 'POST' : 'GET')).toUpperCase(),
      url: pathAndQuery(url),
      headers,
      ...readBody(options, exact),
    },
    notes,
  }
}

/** The data joined as curl joins it; a body curl reads from a file is not in the command. */
function readBody(
  { data, fromFile }: CurlOptions,
  exact: boolean,
): { body?: Uint8Array; bodySource: BodySource } {
  if (fromFile) return { bodySource: 'unknown' }
  if (data.length === 0) return { bodySource: 'none' }
  return { body: utf8(data.join('&')), bodySource: exact ? 'exact' : 'pasted-text' }
}

function readOptions(args: string[]): CurlOptions {
  const options: CurlOptions = { headers: [], data: [], notes: [], fromFile: false, json: false }
  for (let i = 0; i < args.length; i++) {
    const { name, attached } = splitOption(args[i] ?? '')
    // An option's value is attached to it, or else the next word.
    readOption(options, name, () => attached ?? args[++i])
  }
  return options
}

/** `-XPOST`, `-H'A: b'` (a short option with its value attached) and `--url=…` as name and value. */
function splitOption(arg: string): { name: string; attached?: string | undefined } {
  const short = /^-([XHdAe])(.+)$/.exec(arg)
  if (short) return { name: `-${short[1]}`, attached: short[2] }
  const long = /^(--[a-z-]+)=(.*)$/s.exec(arg)
  if (long) return { name: long[1] ?? arg, attached: long[2] }
  return { name: arg }
}

function readOption(options: CurlOptions, name: string, value: () => string | undefined) {
  switch (name) {
    case '-X':
    case '--request':
      options.method = value()
      break
    case '-H':
    case '--header':
      readHeader(options, value() ?? '')
      break
    case '-A':
    case '--user-agent':
      options.headers.push(['User-Agent', value() ?? ''])
      break
    case '-e':
    case '--referer':
      options.headers.push(['Referer', value() ?? ''])
      break
    case '--url':
      options.url = value()
      break
    case '-I':
    case '--head':
      options.method = 'HEAD'
      break
    case '-G':
    case '--get':
      options.notes.push('-G (data sent in the query) is not read: paste the URL with its query')
      break
    case '-T':
    case '--upload-file':
      value()
      options.fromFile = true
      options.method ??= 'PUT'
      break
    default:
      if (DATA.has(name)) readData(options, name, value() ?? '')
      else if (IGNORED_WITH_VALUE.has(name)) value()
      else if (!name.startsWith('-')) options.url ??= name
  }
}

function readHeader(options: CurlOptions, header: string) {
  const colon = header.indexOf(':')
  if (colon > 0) options.headers.push([header.slice(0, colon).trim(), header.slice(colon + 1).trim()])
  else options.notes.push(`the header "${header}" has no colon and was left out`)
}

function readData(options: CurlOptions, name: string, text: string) {
  if (name !== '--data-raw' && text.startsWith('@')) options.fromFile = true
  else options.data.push(text)
  options.json ||= name === '--json'
}

/** Headers curl sends unless the command sets one of the same name (in any case). */
function addMissingHeaders(headers: [string, string][], defaults: [string, string][]) {
  for (const [name, value] of defaults) {
    if (!headers.some(([other]) => other.toLowerCase() === name.toLowerCase())) headers.push([name, value])
  }
}

type Words = { ok: true; value: string[] } | { ok: false; reason: string }

const ANSI_C: Record<string, string> = {
  n: '\n',
  r: '\r',
  t: '\t',
  '\\': '\\',
  "'": "'",
  '"': '"',
  a: '\x07',
  e: '\x1b',
  '0': '\0',
}

// The hex digits \x and \u take in a $'…' string.
const ANSI_C_HEX_DIGITS: Record<string, RegExp> = { x: /^[0-9a-fA-F]{1,2}/, u: /^[0-9a-fA-F]{4}/ }

/** POSIX shell words, with bash's $'…' strings. */
export function shellWords(command: string): Words {
  const words: string[] = []
  let word: string | undefined
  let i = 0
  while (i < command.length) {
    if (/\s/.test(command[i] ?? '')) {
      if (word !== undefined) words.push(word)
      word = undefined
      i++
      continue
    }
    const part = readPart(command, i)
    if (!part.ok) return part
    if (part.text !== undefined) word = (word ?? '') + part.text
    i = part.end + 1
  }
  if (word !== undefined) words.push(word)
  return { ok: true, value: words }
}

/**
 * A piece of a word: its text (none for a line continuation, which the shell drops) and the index of
 * its last character.
 */
type Part = { ok: true; text?: string; end: number } | { ok: false; reason: string }

/** The quoted string, backslash escape or plain character that starts at `at`. */
function readPart(command: string, at: number): Part {
  if (command[at] === "'") return singleQuoted(command, at + 1)
  if (command.startsWith("$'", at)) return dollarQuoted(command, at + 2)
  if (command[at] === '"') return doubleQuoted(command, at + 1)
  if (command[at] === '\\') return backslashed(command, at + 1)
  return { ok: true, text: command[at] ?? '', end: at }
}

/** The character after a backslash as itself, or nothing for a backslash-newline (LF or CRLF). */
function backslashed(command: string, at: number): Part {
  if (command[at] === '\n') return { ok: true, end: at }
  if (command.startsWith('\r\n', at)) return { ok: true, end: at + 1 }
  return { ok: true, text: command[at] ?? '', end: at }
}

function singleQuoted(command: string, from: number): Part {
  const end = command.indexOf("'", from)
  if (end < 0) return { ok: false, reason: 'a single quote is not closed' }
  return { ok: true, text: command.slice(from, end), end }
}

function dollarQuoted(command: string, from: number): Part {
  let text = ''
  let j = from
  for (; j < command.length && command[j] !== "'"; j++) {
    if (command[j] !== '\\') {
      text += command[j]
      continue
    }
    const escaped = ansiCEscape(command, j + 1)
    text += escaped.text
    j += escaped.length
  }
  if (j >= command.length) return { ok: false, reason: "a $'…' string is not closed" }
  return { ok: true, text, end: j }
}

/** The character a $'…' escape stands for, and how many characters after the backslash it takes. */
function ansiCEscape(command: string, at: number): { text: string; length: number } {
  const code = command[at] ?? ''
  const hex = ANSI_C_HEX_DIGITS[code]?.exec(command.slice(at + 1))?.[0]
  if (hex) return { text: String.fromCharCode(Number.parseInt(hex, 16)), length: 1 + hex.length }
  return { text: ANSI_C[code] ?? `\\${code}`, length: 1 }
}

function doubleQuoted(command: string, from: number): Part {
  let text = ''
  let j = from
  for (; j < command.length && command[j] !== '"'; j++) {
    const c = command[j] ?? ''
    if (c === '\\' && '"\\$`\n'.includes(command[j + 1] ?? 'x')) {
      if (command[j + 1] !== '\n') text += command[j + 1]
      j++
    } else text += c
  }
  if (j >= command.length) return { ok: false, reason: 'a double quote is not closed' }
  return { ok: true, text, end: j }
}
