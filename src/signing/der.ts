/**
 * The few DER operations the signing code needs and @peculiar/x509 does not expose: walking a Name
 * attribute by attribute (its own string form is in the wrong order) and wrapping a PKCS#1 key.
 */
export interface Tlv {
  tag: number
  /** Offset of the tag byte. */
  start: number
  contentStart: number
  /** Offset just past the content. */
  end: number
}

export function readTlv(bytes: Uint8Array, offset: number, limit = bytes.length): Tlv {
  const tag = bytes[offset]
  const first = bytes[offset + 1]
  if (tag === undefined || first === undefined || offset + 2 > limit) throw new Error('truncated DER')
  if ((tag & 0x1f) === 0x1f) throw new Error('multi-byte DER tags are not supported')
  let length = first
  let contentStart = offset + 2
  if (first & 0x80) {
    const count = first & 0x7f
    if (count === 0 || count > 4) throw new Error('unsupported DER length')
    length = 0
    for (let i = 0; i < count; i++) {
      const b = bytes[contentStart + i]
      if (b === undefined) throw new Error('truncated DER')
      length = length * 256 + b
    }
    contentStart += count
  }
  const end = contentStart + length
  if (end > limit) throw new Error('truncated DER')
  return { tag, start: offset, contentStart, end }
}

/** The TLVs directly inside a constructed `parent`. */
export function readChildren(bytes: Uint8Array, parent: Tlv): Tlv[] {
  const children: Tlv[] = []
  for (let offset = parent.contentStart; offset < parent.end; ) {
    const child = readTlv(bytes, offset, parent.end)
    children.push(child)
    offset = child.end
  }
  return children
}

export function decodeOid(content: Uint8Array): string {
  const arcs: number[] = []
  let value = 0
  for (const b of content) {
    value = value * 128 + (b & 0x7f)
    if (b & 0x80) continue
    if (arcs.length === 0)
      arcs.push(value < 80 ? Math.floor(value / 40) : 2, value < 80 ? value % 40 : value - 80)
    else arcs.push(value)
    value = 0
  }
  return arcs.join('.')
}

export function encodeTlv(tag: number, content: Uint8Array): Uint8Array<ArrayBuffer> {
  const n = content.length
  const length =
    n < 0x80
      ? [n]
      : n < 0x100
        ? [0x81, n]
        : n < 0x10000
          ? [0x82, n >> 8, n & 0xff]
          : [0x83, n >> 16, (n >> 8) & 0xff, n & 0xff]
  const out = new Uint8Array(1 + length.length + n)
  out[0] = tag
  out.set(length, 1)
  out.set(content, 1 + length.length)
  return out
}

export function concatBytes(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((sum, p) => sum + p.length, 0))
  let offset = 0
  for (const p of parts) {
    out.set(p, offset)
    offset += p.length
  }
  return out
}
