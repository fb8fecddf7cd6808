import { bytesToLatin1 } from '../../signing/base64'
import type { BodySource } from '../../signing/diagnosis'
import { pathAndQuery, type Reading, utf8 } from './pasted-request'

/** `POST /path HTTP/1.1`, header lines, an empty line, the body: from a file's bytes or pasted text. */
export function parseRawHttp(input: Uint8Array | string): Reading {
  const bytes = typeof input === 'string' ? undefined : input
  const text = typeof input === 'string' ? input.replace(/^\s+/, '') : decodeHead(input)
  const headEnd = /\r?\n\r?\n/.exec(text)
  const head = headEnd ? text.slice(0, headEnd.index) : text.replace(/\s+$/, '')
  const lines = head.split(/\r?\n/)
  const requestLine = /^([A-Za-z]+) ((?:\/|https?:\/\/)\S*)(?: HTTP\/[\d.]+)?$/i.exec(lines[0]?.trim() ?? '')
  if (!requestLine) {
    return {
      ok: false,
      reason: 'the first line is not a request line such as "POST /v1/sandbox/card-accounts HTTP/1.1"',
    }
  }
  const headers = readHeaders(lines.slice(1))
  if (!Array.isArray(headers)) return headers
  const body = headEnd ? readBody(bytes ?? text.slice(headEnd.index + headEnd[0].length)) : undefined
  return {
    ok: true,
    format: 'raw HTTP',
    request: {
      method: requestLine[1]?.toUpperCase() ?? 'GET',
      url: pathAndQuery(requestLine[2] ?? '/'),
      headers,
      ...(body ?? { bodySource: 'none' }),
    },
    notes: [],
  }
}

/** Header lines as name and value, a line starting with a space or tab folded into the header above. */
function readHeaders(lines: string[]): [string, string][] | { ok: false; reason: string } {
  const headers: [string, string][] = []
  for (const line of lines) {
    const last = headers.at(-1)
    if (last && /^[ \t]/.test(line)) {
      last[1] = `${last[1]} ${line.trim()}`
      continue
    }
    const colon = line.indexOf(':')
    if (colon <= 0) return { ok: false, reason: `the line "${line}" is not a header (name: value)` }
    headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()])
  }
  return headers
}

/** What follows the blank line: exact from a file's bytes, as typed from pasted text; none when empty. */
function readBody(source: Uint8Array | string): { body?: Uint8Array; bodySource: BodySource } {
  const exact = typeof source !== 'string'
  const body = exact ? source.subarray(bodyOffset(source)) : utf8(source)
  if (body.length === 0) return { bodySource: 'none' }
  return { body, bodySource: exact ? 'exact' : 'pasted-text' }
}

/** The head as text: UTF-8 when it is, else ISO-8859-1 (what the bytes meant to the server). */
function decodeHead(bytes: Uint8Array): string {
  const head = bytes.subarray(0, bodyOffset(bytes))
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(head)
  } catch {
    return bytesToLatin1(head)
  }
}

/** Just past the blank line ending the head; the end when there is none. */
function bodyOffset(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] !== 0x0a) continue
    if (bytes[i + 1] === 0x0a) return i + 2
    if (bytes[i + 1] === 0x0d && bytes[i + 2] === 0x0a) return i + 3
  }
  return bytes.length
}
