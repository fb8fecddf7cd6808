/** Base64 (RFC 4648 §4, padded) without Node's Buffer, so the same code runs in the browser. */
const CANONICAL = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/

// String.fromCharCode takes its arguments on the stack: large bodies and values go through in slices.
const SLICE = 0x8000

export function bytesToBase64(bytes: Uint8Array): string {
  return btoa(bytesToLatin1(bytes))
}

/** Each byte as the character of the same code (ISO-8859-1), however many there are. */
export function bytesToLatin1(bytes: Uint8Array): string {
  return stringOfCodes(bytes)
}

/** The characters of `codes` (code units, or code points with `String.fromCodePoint`), however many. */
export function stringOfCodes(
  codes: Uint8Array | readonly number[],
  from: (...codes: number[]) => string = String.fromCharCode,
): string {
  let text = ''
  for (let i = 0; i < codes.length; i += SLICE) text += from(...codes.slice(i, i + SLICE))
  return text
}

/** `undefined` unless `text` is padded base64 without white space. */
export function base64ToBytes(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!CANONICAL.test(text)) return undefined
  return latin1ToBytes(atob(text))
}

/** base64url (RFC 4648 §5) without padding: a value any header, URL fragment or file name carries unchanged. */
export function bytesToBase64Url(bytes: Uint8Array): string {
  return bytesToBase64(bytes).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '')
}

/** `undefined` unless `text` is base64url, padded or not, without white space. */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (/[+/]/.test(text)) return undefined
  const base64 = text.replaceAll('-', '+').replaceAll('_', '/')
  return base64ToBytes(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='))
}

export function latin1ToBytes(binary: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

export function bytesToHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase()
}
