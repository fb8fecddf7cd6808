import { bytesToLatin1 } from '../../signing/base64'
import type { BodySource } from '../../signing/diagnosis'
import { pathAndQuery, type Reading } from './pasted-request'

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
  const headers: [string, string][] = []
  for (const line of lines.slice(1)) {
    const folded = /^[ \t]/.test(line) && headers.length > 0
    if (folded) {
      const last = headers[headers.length - 1] as [string, string]
      last[1] = `${last[1]} ${line.trim()}`
      continue
    }
    const colon = line.indexOf(':')
    if (colon <= 0) return { ok: false, reason: `the line "${line}" is not a header (name: value)` }
    headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()])
  }
  let body: Uint8Array | undefined
  let bodySource: BodySource = 'none'
  if (headEnd) {
    if (bytes) {
      body = bytes.subarray(bodyOffset(bytes))
      bodySource = 'exact'
    } else {
      body = new TextEncoder().encode(text.slice(headEnd.index + headEnd[0].length))
      bodySource = 'pasted-text'
    }
    if (body.length === 0) bodySource = 'none'
  }
  return {
    ok: true,
    format: 'raw HTTP',
    request: {
      method: requestLine[1]?.toUpperCase() ?? 'GET',
      url: pathAndQuery(requestLine[2] ?? '/'),
      headers,
      ...(body && bodySource !== 'none' ? { body } : {}),
      bodySource,
    },
    notes: [],
  }
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
