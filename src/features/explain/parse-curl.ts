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

/**
 * A curl command line as a shell reads it (quotes, $'…', backslashes, line continuations) and as curl
 * builds the request from it: -X, -H, the data options, --url.
 */
export function parseCurl(command: string, { exact }: { exact: boolean }): Reading {
  const words = shellWords(command)
  if (!words.ok) return words
  const [first, ...args] = words.value
  if (first !== 'curl') return { ok: false, reason: 'a curl command starts with curl' }
  const headers: [string, string][] = []
  const data: string[] = []
  const notes: string[] = []
  let method: string | undefined
  let url: string | undefined
  let fromFile = false
  let json = false
  for (let i = 0; i < args.length; i++) {
    let arg = args[i] ?? ''
    let value: string | undefined
    const takeValue = () => value ?? args[++i]
    // -XPOST, -H'A: b': a short option with its value attached.
    const attached = /^-([XHdAe])(.+)$/.exec(arg)
    if (attached) {
      arg = `-${attached[1]}`
      value = attached[2]
    }
    const long = /^(--[a-z-]+)=(.*)$/s.exec(arg)
    if (long) {
      arg = long[1] ?? arg
      value = long[2]
    }
    if (arg === '-X' || arg === '--request') method = takeValue()
    else if (arg === '-H' || arg === '--header') {
      const header = takeValue() ?? ''
      const colon = header.indexOf(':')
      if (colon > 0) headers.push([header.slice(0, colon).trim(), header.slice(colon + 1).trim()])
      else notes.push(`the header "${header}" has no colon and was left out`)
    } else if (arg === '-A' || arg === '--user-agent') headers.push(['User-Agent', takeValue() ?? ''])
    else if (arg === '-e' || arg === '--referer') headers.push(['Referer', takeValue() ?? ''])
    else if (DATA.has(arg)) {
      const text = takeValue() ?? ''
      if (arg !== '--data-raw' && text.startsWith('@')) fromFile = true
      else data.push(text)
      json ||= arg === '--json'
    } else if (arg === '--url') url = takeValue()
    else if (arg === '-I' || arg === '--head') method = 'HEAD'
    else if (arg === '-G' || arg === '--get')
      notes.push('-G (data sent in the query) is not read: paste the URL with its query')
    else if (arg === '-T' || arg === '--upload-file') {
      takeValue()
      fromFile = true
      method ??= 'PUT'
    } else if (IGNORED_WITH_VALUE.has(arg)) takeValue()
    else if (arg.startsWith('-')) continue
    else url ??= arg
  }
  if (url === undefined) return { ok: false, reason: 'the curl command has no URL' }
  if (json) {
    if (!headers.some(([name]) => name.toLowerCase() === 'content-type'))
      headers.push(['Content-Type', 'application/json'])
    if (!headers.some(([name]) => name.toLowerCase() === 'accept'))
      headers.push(['Accept', 'application/json'])
  }
  const host = /^(?:[a-z]+:\/\/)?([^/?#]+)/i.exec(url)?.[1]
  if (host && !headers.some(([name]) => name.toLowerCase() === 'host')) headers.push(['Host', host])
  const hasBody = data.length > 0 || fromFile
  if (fromFile) notes.push('the body is read from a file the command names')
  const body = data.length > 0 && !fromFile ? utf8(data.join('&')) : undefined
  const bodySource: BodySource = fromFile ? 'unknown' : body ? (exact ? 'exact' : 'pasted-text') : 'none'
  return {
    ok: true,
    format: 'curl',
    request: {
      method: (method ?? (hasBody ? 'POST' : 'GET')).toUpperCase(),
      url: pathAndQuery(url),
      headers,
      ...(body ? { body } : {}),
      bodySource,
    },
    notes,
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

/** POSIX shell words, with bash's $'…' strings. */
export function shellWords(command: string): Words {
  const words: string[] = []
  let word: string | undefined
  const add = (text: string) => {
    word = (word ?? '') + text
  }
  for (let i = 0; i < command.length; i++) {
    const ch = command[i] ?? ''
    if (ch === '\\') {
      const next = command[i + 1]
      if (next === '\n' || (next === '\r' && command[i + 2] === '\n')) {
        i += next === '\r' ? 2 : 1
        continue
      }
      add(next ?? '')
      i++
    } else if (/\s/.test(ch)) {
      if (word !== undefined) words.push(word)
      word = undefined
    } else if (ch === "'") {
      const end = command.indexOf("'", i + 1)
      if (end < 0) return { ok: false, reason: 'a single quote is not closed' }
      add(command.slice(i + 1, end))
      i = end
    } else if (ch === '$' && command[i + 1] === "'") {
      let text = ''
      let j = i + 2
      for (; j < command.length && command[j] !== "'"; j++) {
        if (command[j] !== '\\') {
          text += command[j]
          continue
        }
        const code = command[++j] ?? ''
        const hex = code === 'x' ? /^[0-9a-fA-F]{1,2}/.exec(command.slice(j + 1))?.[0] : undefined
        const unicode = code === 'u' ? /^[0-9a-fA-F]{4}/.exec(command.slice(j + 1))?.[0] : undefined
        if (hex) {
          text += String.fromCharCode(Number.parseInt(hex, 16))
          j += hex.length
        } else if (unicode) {
          text += String.fromCharCode(Number.parseInt(unicode, 16))
          j += 4
        } else text += ANSI_C[code] ?? `\\${code}`
      }
      if (j >= command.length) return { ok: false, reason: "a $'…' string is not closed" }
      add(text)
      i = j
    } else if (ch === '"') {
      let text = ''
      let j = i + 1
      for (; j < command.length && command[j] !== '"'; j++) {
        const c = command[j] ?? ''
        if (c === '\\' && '"\\$`\n'.includes(command[j + 1] ?? 'x')) {
          if (command[j + 1] !== '\n') text += command[j + 1]
          j++
        } else text += c
      }
      if (j >= command.length) return { ok: false, reason: 'a double quote is not closed' }
      add(text)
      i = j
    } else add(ch)
  }
  if (word !== undefined) words.push(word)
  return { ok: true, value: words }
}
