import { HTTP_METHOD } from '../../contract'
import { parseCurl } from './parse-curl'
import { parseHar } from './parse-har'
import { parseRawHttp } from './parse-raw-http'
import type { Reading } from './pasted-request'

/** What the user gave: pasted text, or a file's bytes (then the body's bytes are exact). */
export type RequestInput = { text: string } | { bytes: Uint8Array }

/** Reads a raw HTTP request, a curl command or a HAR file, whichever it is. */
export function readRequest(input: RequestInput, harEntry = 0): Reading {
  const reading = readAnyFormat(input, harEntry)
  if (!reading.ok || HTTP_METHOD.test(reading.request.method)) return reading
  return {
    ok: false,
    reason: `the method ${JSON.stringify(reading.request.method.slice(0, 40))} is not an HTTP method (a token of letters, digits and !#$%&'*+-.^_\`|~)`,
  }
}

function readAnyFormat(input: RequestInput, harEntry: number): Reading {
  const bytes = 'bytes' in input ? input.bytes : undefined
  const text = 'text' in input ? input.text : new TextDecoder().decode(input.bytes)
  const start = text.trimStart()
  if (start === '') return { ok: false, reason: 'nothing to read: paste a request or choose a file' }
  if (start.startsWith('{')) return parseHar(start, harEntry)
  if (/^curl\s/.test(start)) return parseCurl(start, { exact: bytes !== undefined })
  return parseRawHttp(bytes ?? text)
}
