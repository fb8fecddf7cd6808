import { bytesToBase64 } from '../base64'
import type { Certificate } from '../certificate'
import type { HeaderRecord } from '../headers'
import { verifyRsaSha256 } from '../rsa'
import { recoverSignature } from '../rsa-recover'
import { buildSigningString } from '../signing-string'
import { type Finding, finding } from './finding'

interface SignatureInput {
  /** Lower-case, in the Signature's order. */
  signedHeaders: readonly string[]
  /** The `headers` parameter as written. */
  writtenHeaders: string
  signature: string
  signingString: string
  method: string
  url: string
  headers: HeaderRecord
  certificate: Certificate
  otherCandidate: Certificate | undefined
  /** keyId names another certificate than `certificate`: the client says which key signed. */
  keyIdNamesAnother: boolean
}

/**
 * Why the signature does not verify over the signing string the bank builds. The signature itself says
 * whether this certificate's key made it and, if so, the hash of what it signed; that hash is compared
 * with the signing strings clients build by mistake.
 */
export async function signatureFindings(input: SignatureInput): Promise<Finding[]> {
  const { certificate, signature, signingString } = input
  if (await verifyRsaSha256(certificate.publicKey, signingString, signature)) return []
  const recovered = await recoverSignature(certificate.publicKey, signature)
  if (recovered.kind === 'other-key') return [await notMadeByTheKeyFinding(input)]
  if (recovered.hash !== 'SHA-256') {
    return [
      finding(
        'algorithm-mismatch',
        'refused',
        'The signature was made with another hash than algorithm says',
        `algorithm="rsa-sha256" says RSA with SHA-256, but the signature holds a ${recovered.hash === 'unknown' ? 'hash of an unknown kind' : recovered.hash} hash.`,
        'Sign with RSASSA-PKCS1-v1_5 and SHA-256.',
      ),
    ]
  }
  const signed = bytesToBase64(recovered.digest)
  for (const [id, describe, candidate] of candidates(input)) {
    if (candidate !== undefined && (await hashOf(candidate)) === signed) {
      return [
        finding(
          id,
          'refused',
          describe.title,
          describe.explanation,
          'Build the signing string as shown below: one "name: value" line per header, in the order of the headers list, lower-case names, joined by a single \\n with none at the end.',
          [
            { label: 'What the client signed', value: candidate },
            { label: 'What the bank builds', value: signingString },
          ],
        ),
      ]
    }
  }
  return [
    finding(
      'signature-invalid',
      'refused',
      'The signature was made over another signing string than the bank builds',
      "The certificate's key made this signature, but over other text than the signing string the bank rebuilds from the headers list (shown below): a header value changed after signing, or the client built the string another way.",
      'Compare the string your client signed with the one shown below, and sign the headers exactly as they are sent.',
    ),
  ]
}

const SEND_THE_SIGNING_KEYS_CERTIFICATE =
  'the certificate that belongs to the signing key (and name its serial and issuer in keyId), or sign with the key of the certificate you send.'

/**
 * Read with the certificate's key, the signature holds no hash: another key made it, or its bytes changed
 * after signing, which the signature alone cannot tell apart. Only other evidence names the cause.
 */
async function notMadeByTheKeyFinding(input: SignatureInput): Promise<Finding> {
  const other = input.otherCandidate
  const pastedSigned = other
    ? await verifyRsaSha256(other.publicKey, input.signingString, input.signature)
    : false
  if (pastedSigned || input.keyIdNamesAnother) {
    return finding(
      'certificate-key-mismatch',
      'refused',
      'The certificate does not match the key that signed',
      pastedSigned
        ? "The signature was made with the pasted certificate's key, not with the key of the certificate the request carries."
        : "The signature was not made with the private key of the certificate in TPP-Signature-Certificate, and keyId names another certificate: the client signs with one key and sends another key's certificate.",
      `Send ${SEND_THE_SIGNING_KEYS_CERTIFICATE}`,
    )
  }
  return finding(
    'signature-does-not-verify',
    'refused',
    "The signature does not verify with the certificate's public key",
    "Read with the public key of the certificate in TPP-Signature-Certificate, the signature holds no hash of anything, and the request alone cannot tell why. Either the client signed with another key than this certificate's, or the signature's value was changed after signing (cut short, re-encoded or altered on the way).",
    `If the client signs with another key: send ${SEND_THE_SIGNING_KEYS_CERTIFICATE} If the value was changed: send the Signature header exactly as the signer wrote it.`,
  )
}

const hashOf = async (text: string) =>
  bytesToBase64(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))))

type Candidate = [
  'signing-string-order' | 'header-names-case' | 'signing-string-format',
  { title: string; explanation: string },
  string | undefined,
]

function* candidates(input: SignatureInput): Generator<Candidate> {
  const build = (names: readonly string[], nameAs: (name: string) => string = (n) => n) => {
    const built = buildSigningString({ ...input, headerNames: names })
    if (!built.ok) return undefined
    return built.value
      .split('\n')
      .map((line, i) => `${nameAs(names[i] ?? '')}${line.slice((names[i] ?? '').length)}`)
      .join('\n')
  }
  const names = input.signedHeaders
  const written = input.writtenHeaders.split(' ')
  const asSent = (name: string) =>
    Object.keys(input.headers).find((key) => key.toLowerCase() === name) ?? name
  yield [
    'header-names-case',
    {
      title: 'The signing string has header names in upper case',
      explanation:
        'The client wrote the names in the signing string as in the headers list, not in lower case.',
    },
    written.length === names.length
      ? build(names, (name) => written[names.indexOf(name)] ?? name)
      : undefined,
  ]
  yield [
    'header-names-case',
    {
      title: 'The signing string has header names as they are sent, not in lower case',
      explanation:
        'The client wrote the names in the signing string as in the request (Date, X-Request-ID), not in lower case.',
    },
    build(names, asSent),
  ]
  for (const [what, text] of [
    ['ends with a newline', `${input.signingString}\n`],
    ['joins its lines with CRLF', input.signingString.replaceAll('\n', '\r\n')],
  ] as const) {
    yield [
      'signing-string-format',
      {
        title: `The signing string ${what}`,
        explanation: `The client's signing string ${what}; the lines are joined by a single \\n, with none at the end.`,
      },
      text,
    ]
  }
  if (names.length <= 6) {
    for (const order of permutations(names)) {
      if (order.every((name, i) => name === names[i])) continue
      yield [
        'signing-string-order',
        {
          title: 'The signing string is in another order than the headers list',
          explanation: `The client signed the headers in the order "${order.join(' ')}", but the headers list says "${names.join(' ')}"; the bank builds the string in the list's order.`,
        },
        build(order),
      ]
    }
  }
}

function* permutations<T>(items: readonly T[]): Generator<T[]> {
  if (items.length <= 1) {
    yield [...items]
    return
  }
  for (let i = 0; i < items.length; i++) {
    const rest = [...items.slice(0, i), ...items.slice(i + 1)]
    for (const tail of permutations(rest)) yield [items[i] as T, ...tail]
  }
}
