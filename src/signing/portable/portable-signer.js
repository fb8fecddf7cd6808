/**
 * A draft-cavage RSA-SHA256 signer in plain JavaScript, with no imports and no platform API: Postman's
 * script sandbox has no `crypto` module and no WebCrypto, so the exported Postman collection embeds this
 * very file (read as text at build time) in its pre-request script. Keep it self-contained; `portableSigner`
 * stays synchronous, `requestSigner` uses WebCrypto only when it is handed one.
 */
export function portableSigner() {
  const K = [
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
  ]
  const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
  // DER of DigestInfo { sha256, NULL } before the 32-byte hash (RFC 8017 §9.2 note 1).
  const SHA256_DIGEST_INFO = [
    0x30, 0x31, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01, 0x05, 0x00,
    0x04, 0x20,
  ]

  /** UTF-8 bytes of a string, lone surrogates as U+FFFD like TextEncoder. */
  function utf8(text) {
    const out = []
    for (let i = 0; i < text.length; i++) {
      let c = text.charCodeAt(i)
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
        const low = text.charCodeAt(i + 1)
        if (low >= 0xdc00 && low <= 0xdfff) {
          c = 0x10000 + ((c - 0xd800) << 10) + (low - 0xdc00)
          i++
        } else c = 0xfffd
      } else if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd
      if (c < 0x80) out.push(c)
      else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63))
      else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63))
      else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63))
    }
    return new Uint8Array(out)
  }

  function sha256(bytes) {
    const length = bytes.length
    const padded = new Uint8Array((((length + 9 + 63) >> 6) << 6) >>> 0)
    padded.set(bytes)
    padded[length] = 0x80
    const view = new DataView(padded.buffer)
    view.setUint32(padded.length - 8, Math.floor(length / 0x20000000))
    view.setUint32(padded.length - 4, (length << 3) >>> 0)
    const h = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]
    const w = new Array(64)
    const rotr = (x, n) => (x >>> n) | (x << (32 - n))
    for (let block = 0; block < padded.length; block += 64) {
      for (let t = 0; t < 16; t++) w[t] = view.getUint32(block + t * 4)
      for (let t = 16; t < 64; t++) {
        const s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ (w[t - 15] >>> 3)
        const s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ (w[t - 2] >>> 10)
        w[t] = (w[t - 16] + s0 + w[t - 7] + s1) | 0
      }
      let [a, b, c, d, e, f, g, hh] = h
      for (let t = 0; t < 64; t++) {
        const t1 = (hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[t] + w[t]) | 0
        const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0
        hh = g
        g = f
        f = e
        e = (d + t1) | 0
        d = c
        c = b
        b = a
        a = (t1 + t2) | 0
      }
      const next = [a, b, c, d, e, f, g, hh]
      for (let i = 0; i < 8; i++) h[i] = (h[i] + next[i]) | 0
    }
    const out = new Uint8Array(32)
    const outView = new DataView(out.buffer)
    for (let i = 0; i < 8; i++) outView.setUint32(i * 4, h[i] >>> 0)
    return out
  }

  function toBase64(bytes) {
    let out = ''
    for (let i = 0; i < bytes.length; i += 3) {
      const n = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0)
      out += ALPHABET[n >> 18] + ALPHABET[(n >> 12) & 63]
      out += i + 1 < bytes.length ? ALPHABET[(n >> 6) & 63] : '='
      out += i + 2 < bytes.length ? ALPHABET[n & 63] : '='
    }
    return out
  }

  function fromBase64(text) {
    const clean = text.replace(/[^A-Za-z0-9+/]/g, '')
    const out = []
    for (let i = 0; i < clean.length; i += 4) {
      const chunk = clean.slice(i, i + 4)
      let n = 0
      for (let j = 0; j < 4; j++) n = (n << 6) | (j < chunk.length ? ALPHABET.indexOf(chunk[j]) : 0)
      out.push((n >> 16) & 255)
      if (chunk.length > 2) out.push((n >> 8) & 255)
      if (chunk.length > 3) out.push(n & 255)
    }
    return new Uint8Array(out)
  }

  /** One DER element at `offset`: its tag, where its content starts and ends. */
  function readElement(der, offset) {
    const tag = der[offset]
    let length = der[offset + 1]
    let start = offset + 2
    if (length & 0x80) {
      const count = length & 0x7f
      length = 0
      for (let i = 0; i < count; i++) length = length * 256 + der[start + i]
      start += count
    }
    if (tag === undefined || start + length > der.length) throw new Error('the private key is not valid DER')
    return { tag, start, end: start + length }
  }

  function children(der, element) {
    const out = []
    for (let at = element.start; at < element.end; at = out[out.length - 1].end)
      out.push(readElement(der, at))
    return out
  }

  function bigIntOf(der, element) {
    let hex = '0'
    for (let i = element.start; i < element.end; i++) hex += der[i].toString(16).padStart(2, '0')
    return BigInt(`0x${hex}`)
  }

  /** The RSA private key of a PEM (PKCS#8 "PRIVATE KEY" or PKCS#1 "RSA PRIVATE KEY"). */
  function readPrivateKey(pem) {
    if (/ENCRYPTED/.test(pem)) throw new Error('the private key is encrypted; give it unencrypted')
    const der = fromBase64(pem.replace(/-----[^-]+-----/g, ''))
    let fields = children(der, readElement(der, 0))
    // PKCS#8 wraps the PKCS#1 key in an OCTET STRING after the version and the algorithm.
    if (fields[1]?.tag === 0x30 && fields[2]?.tag === 0x04)
      fields = children(der, readElement(der, fields[2].start))
    const [, n, e, d, p, q, dp, dq, qi] = fields.map((f) => bigIntOf(der, f))
    if (qi === undefined) throw new Error('the private key is not an RSA key')
    return { n, e, d, p, q, dp, dq, qi }
  }

  function modPow(base, exponent, modulus) {
    let result = 1n
    let b = base % modulus
    let e = exponent
    while (e > 0n) {
      if (e & 1n) result = (result * b) % modulus
      b = (b * b) % modulus
      e >>= 1n
    }
    return result
  }

  /** DER length octets (X.690 §8.1.3): short form below 128, else the byte count then the bytes. */
  function derLength(length) {
    if (length < 0x80) return [length]
    const bytes = []
    for (let n = length; n > 0; n = Math.floor(n / 256)) bytes.unshift(n % 256)
    return [0x80 | bytes.length].concat(bytes)
  }

  /** The PKCS#8 DER of a PEM key, a PKCS#1 one wrapped as rsaEncryption: what WebCrypto's importKey takes. */
  function pkcs8Der(pem) {
    if (/ENCRYPTED/.test(pem)) throw new Error('the private key is encrypted; give it unencrypted')
    const der = fromBase64(pem.replace(/-----[^-]+-----/g, ''))
    const fields = children(der, readElement(der, 0))
    if (fields[1]?.tag === 0x30 && fields[2]?.tag === 0x04) return der
    if (fields.length < 9) throw new Error('the private key is not an RSA key')
    const rsaEncryption = [
      0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00,
    ]
    const body = [0x02, 0x01, 0x00].concat(rsaEncryption, [0x04], derLength(der.length), Array.from(der))
    return new Uint8Array([0x30].concat(derLength(body.length), body))
  }

  /** Base64 of RSASSA-PKCS1-v1_5 with SHA-256 over the UTF-8 of `text` (RFC 8017 §8.2.1). */
  function signRsaSha256(privateKeyPem, text) {
    const key = readPrivateKey(privateKeyPem)
    const size = (key.n.toString(16).length + 1) >> 1
    const t = SHA256_DIGEST_INFO.concat(Array.from(sha256(utf8(text))))
    const em = [0, 1]
    for (let i = 0; i < size - t.length - 3; i++) em.push(0xff)
    const encoded = em.concat([0], t)
    const m = BigInt(`0x${encoded.map((x) => x.toString(16).padStart(2, '0')).join('')}`)
    // Chinese remainder theorem: two half-size exponentiations instead of one.
    const m1 = modPow(m, key.dp, key.p)
    const m2 = modPow(m, key.dq, key.q)
    const h = (key.qi * (((m1 - m2) % key.p) + key.p)) % key.p
    const s = m2 + h * key.q
    const hex = s.toString(16).padStart(size * 2, '0')
    const bytes = new Uint8Array(size)
    for (let i = 0; i < size; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16)
    return toBase64(bytes)
  }

  /** `SHA-256=<base64>` of the UTF-8 body, the empty body's when there is none. */
  function digestHeader(body) {
    return `SHA-256=${toBase64(sha256(utf8(body ?? '')))}`
  }

  return { utf8, sha256, toBase64, digestHeader, signRsaSha256, pkcs8Der }
}

/**
 * The same Digest and signature through WebCrypto when the host offers it (`crypto.subtle`: native, and
 * constant-time where the pure-JS one is not), else through `portableSigner`. Asynchronous either way, as
 * WebCrypto is. A WebCrypto that refuses (an old or partial one) falls back to the pure-JS signer, which
 * gives the same bytes, or its own worded error.
 */
export function requestSigner(subtle) {
  const portable = portableSigner()
  const algorithm = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }
  const viaSubtle = {
    async digestHeader(body) {
      const hash = await subtle.digest('SHA-256', portable.utf8(body ?? ''))
      return `SHA-256=${portable.toBase64(new Uint8Array(hash))}`
    },
    async signRsaSha256(privateKeyPem, text) {
      const der = portable.pkcs8Der(privateKeyPem)
      const key = await subtle.importKey('pkcs8', der, algorithm, false, ['sign'])
      return portable.toBase64(new Uint8Array(await subtle.sign(algorithm, key, portable.utf8(text))))
    },
  }
  const viaPortable = {
    digestHeader: async (body) => portable.digestHeader(body),
    signRsaSha256: async (privateKeyPem, text) => portable.signRsaSha256(privateKeyPem, text),
  }
  if (!subtle) return { via: 'JavaScript', ...viaPortable }
  return {
    via: 'crypto.subtle',
    digestHeader: (body) => viaSubtle.digestHeader(body).catch(() => viaPortable.digestHeader(body)),
    signRsaSha256: (pem, text) =>
      viaSubtle.signRsaSha256(pem, text).catch(() => viaPortable.signRsaSha256(pem, text)),
  }
}
