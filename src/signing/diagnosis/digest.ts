import { base64ToBytes, bytesToBase64, bytesToHex, bytesToLatin1 } from '../base64'
import { digestProblem } from '../verifier'
import { type Finding, finding } from './finding'

/** Where the body bytes came from, so the diagnosis can say how far to trust a Digest judged on them. */
export type BodySource =
  /** Raw bytes: a file, or a HAR entry's base64-encoded body. */
  | 'exact'
  /** Text pasted into the page: line endings and the charset may have changed on the way. */
  | 'pasted-text'
  /** A HAR entry's body kept as text: the charset may differ from the bytes sent. */
  | 'har-text'
  /** The request names a body it does not hold (curl's `-d @file`). */
  | 'unknown'
  | 'none'

const sha256 = async (bytes: Uint8Array) =>
  new Uint8Array(await crypto.subtle.digest('SHA-256', new Uint8Array(bytes)))

const BODY_CAVEAT: Record<BodySource, string> = {
  exact: '',
  'pasted-text':
    ' The body was pasted as text: its line endings (CRLF or LF) or its charset may have changed on the way, so upload the raw request or a HAR file to judge the bytes that were sent.',
  'har-text':
    ' The HAR file keeps this body as text, not bytes: if it was not sent as UTF-8 the bytes may differ.',
  unknown: '',
  none: '',
}

/** The Digest header judged on the body bytes: what is wrong with it, and the likely cause. */
export async function digestFindings(
  digest: string | undefined,
  body: Uint8Array | undefined,
  source: BodySource,
): Promise<Finding[]> {
  if (digest === undefined) {
    return [
      finding(
        'digest-missing',
        'refused',
        'The Digest header is missing',
        'The bank requires a Digest of the body on every request, also one without a body (then it is the hash of no bytes), and requires it signed.',
        `Send Digest: ${await digestOf(body)} and list digest in the Signature's headers.`,
      ),
    ]
  }
  if (source === 'unknown') {
    return [
      finding(
        'body-unknown',
        'note',
        'The body is in a file this request only names',
        'curl reads the body from a file (-d @file), which is not part of what was pasted, so the Digest cannot be judged.',
        'Add the body file below to have the Digest checked against its bytes.',
      ),
    ]
  }
  const problem = await digestProblem(digest, body)
  if (problem === undefined) return []
  const expected = await digestOf(body)
  const entries = digest.split(',').map((entry) => entry.trim())
  const sha256Entry = entries.find((entry) => entry.toUpperCase().startsWith('SHA-256='))
  const caveat = BODY_CAVEAT[source]
  if (sha256Entry === undefined) {
    const hashOnly = entries.find((entry) => base64ToBytes(entry)?.length === 32)
    const label = entries.map((entry) => /^([^=]+)=/.exec(entry)?.[1]).find(Boolean)
    const why = hashOnly
      ? `It holds a bare hash without the SHA-256= prefix${`SHA-256=${hashOnly}` === expected ? ' (the hash itself is right)' : ''}.`
      : label
        ? `It is labelled ${label}=, which is not the SHA-256= the bank reads.`
        : 'It holds no SHA-256= entry.'
    return [
      finding(
        'digest-prefix-missing',
        'refused',
        'The Digest has no SHA-256= entry',
        `The bank reads only a Digest of the form SHA-256=<base64 of the SHA-256 hash>. ${why}`,
        `Send Digest: ${expected} and sign it again.`,
        [
          { label: 'Digest in the request', value: digest },
          { label: 'Digest of the body as received', value: expected },
        ],
      ),
    ]
  }
  const claimed = sha256Entry.slice('SHA-256='.length)
  const cause = await likelyCause(claimed, body ?? new Uint8Array())
  return [
    finding(
      'digest-mismatch',
      'refused',
      'The Digest was computed over other bytes than the body',
      `${cause ?? 'The usual causes: the JSON was serialised again after hashing (other spacing or key order), a trailing newline was added or dropped, or the body was hashed in one charset and sent in another.'}${caveat}`,
      'Hash the exact bytes you send, after the last change to the body, and sign the request again.',
      [
        { label: 'Digest in the request', value: `SHA-256=${claimed}` },
        { label: 'Digest of the body as received', value: expected },
      ],
    ),
  ]
}

async function digestOf(body: Uint8Array | undefined): Promise<string> {
  return `SHA-256=${bytesToBase64(await sha256(body ?? new Uint8Array()))}`
}

/** Which well-known change to the body gives the claimed hash, in words. */
async function likelyCause(claimed: string, body: Uint8Array): Promise<string | undefined> {
  const hash = await sha256(body)
  if (claimed.toLowerCase() === bytesToHex(hash).toLowerCase()) {
    return 'The hash is right but written in hex; the bank wants it in base64.'
  }
  if (
    claimed.replace(/=+$/, '') ===
    bytesToBase64(hash).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '')
  ) {
    return 'The hash is right but written in base64url; the bank wants standard base64 with padding.'
  }
  const text = decodeUtf8(body)
  for (const [describe, variant] of variants(body, text)) {
    if (variant !== undefined && bytesToBase64(await sha256(variant)) === claimed) return describe
  }
  return undefined
}

function variants(body: Uint8Array, text: string | undefined): [string, Uint8Array | undefined][] {
  const utf8 = (value: string) => new TextEncoder().encode(value)
  const json = text === undefined ? undefined : parseJson(text)
  return [
    [
      'The Digest is the hash of an empty body, but the request has one.',
      body.length > 0 ? new Uint8Array() : undefined,
    ],
    [
      'The Digest was computed over the body with a trailing newline that was not sent.',
      text === undefined ? undefined : utf8(`${text}\n`),
    ],
    [
      'The Digest was computed over the body with a trailing CRLF that was not sent.',
      text === undefined ? undefined : utf8(`${text}\r\n`),
    ],
    [
      'The Digest was computed over the body without its trailing newline.',
      text?.match(/\r?\n$/) ? utf8(text.replace(/\r?\n$/, '')) : undefined,
    ],
    [
      'The Digest was computed with CRLF line endings; the body was sent with LF.',
      text?.includes('\n') && !text.includes('\r') ? utf8(text.replaceAll('\n', '\r\n')) : undefined,
    ],
    [
      'The Digest was computed with LF line endings; the body was sent with CRLF.',
      text?.includes('\r\n') ? utf8(text.replaceAll('\r\n', '\n')) : undefined,
    ],
    [
      'The JSON was re-serialised: the Digest is of the compact form (no spaces), the body was sent formatted.',
      json === undefined ? undefined : utf8(JSON.stringify(json)),
    ],
    [
      'The JSON was re-serialised: the Digest is of the formatted form (2-space indent), the body was sent otherwise.',
      json === undefined ? undefined : utf8(JSON.stringify(json, null, 2)),
    ],
    [
      'The JSON was re-serialised: the Digest is of a 4-space indented form, the body was sent otherwise.',
      json === undefined ? undefined : utf8(JSON.stringify(json, null, 4)),
    ],
    [
      'Another charset: the Digest is of the body in ISO-8859-1, but it was sent as UTF-8.',
      text === undefined ? undefined : latin1(text),
    ],
    [
      'Another charset: the Digest is of the body in UTF-8, but it was sent as ISO-8859-1.',
      text === undefined ? utf8(bytesToLatin1(body)) : undefined,
    ],
  ]
}

function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return undefined
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** Undefined when the text has characters ISO-8859-1 cannot hold, or none that it encodes differently. */
function latin1(text: string): Uint8Array | undefined {
  const codes = Array.from(text, (ch) => ch.charCodeAt(0))
  if (!codes.some((code) => code >= 0x80) || codes.some((code) => code > 0xff)) return undefined
  return Uint8Array.from(codes)
}
