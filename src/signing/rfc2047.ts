/**
 * RFC 2047 encoded words for Signature parameter values (docs/decisions.md#signing): a value that is
 * not plain printable ASCII travels as `=?utf-8?B?...?=`. A double quote is encoded too, because the draft's
 * quoted strings have no escape that common parsers (http-signature among them) understand.
 */
import { base64ToBytes, bytesToBase64, bytesToLatin1, latin1ToBytes } from './base64'
import type { Parsed } from './parsed'

const PLAIN = /^[\x20-\x21\x23-\x7e]*$/
const WORD = /=\?([^?\s]+)\?([BbQq])\?([^?\s]*)\?=/y
const WORDS = /^=\?[^?\s]+\?[BbQq]\?[^?\s]*\?=(?:[ \t]+=\?[^?\s]+\?[BbQq]\?[^?\s]*\?=)*$/

export function encodeParameterValue(value: string): string {
  return PLAIN.test(value) && !WORDS.test(value)
    ? value
    : `=?utf-8?B?${bytesToBase64(new TextEncoder().encode(value))}?=`
}

/** The value with its encoded words decoded; a value that is not made of encoded words is returned as is. */
export function decodeParameterValue(value: string): Parsed<string> {
  if (!WORDS.test(value)) return { ok: true, value }
  let decoded = ''
  for (const word of value.split(/[ \t]+/)) {
    WORD.lastIndex = 0
    const [, charset = '', encoding = '', text = ''] = WORD.exec(word) ?? []
    const bytes = encoding.toUpperCase() === 'B' ? base64ToBytes(text) : decodeQ(text)
    if (!bytes)
      return { ok: false, reason: `the encoded word ${word} is not valid ${encoding.toUpperCase()} encoding` }
    const chars = decodeCharset(charset.toLowerCase(), bytes)
    if (chars === undefined) {
      return {
        ok: false,
        reason: `the encoded word ${word} is not valid ${charset} (utf-8 and iso-8859-1 are accepted)`,
      }
    }
    decoded += chars
  }
  return { ok: true, value: decoded }
}

function decodeQ(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (/=(?![0-9A-Fa-f]{2})/.test(text)) return undefined
  const binary = text
    .replaceAll('_', ' ')
    .replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
  return latin1ToBytes(binary)
}

function decodeCharset(charset: string, bytes: Uint8Array<ArrayBuffer>): string | undefined {
  if (charset === 'iso-8859-1') return bytesToLatin1(bytes)
  if (charset !== 'utf-8') return undefined
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return undefined
  }
}
