// Why a request got no HTTP answer from the upstream, from Node's error code (docs/decisions.md#connection-test):
// one classifier for the proxy's UPSTREAM_* answers, the console's connection test that reads them, and the
// probe (the console's and `npm run probe`), so that the three name one failure in the same words. Imported
// by path: only the connection test's lazy chunk and the Node side need it.

export type UpstreamFailureKind =
  | 'name-not-found'
  | 'refused'
  | 'tls-not-trusted'
  | 'tls-handshake'
  | 'not-http'
  | 'unreachable'

export interface UpstreamFailure {
  kind: UpstreamFailureKind
  /** A few words: the connection test's title. */
  title: string
  /** What failed and what to check, ending with the code, in a tester's words; lower case first. */
  words: string
}

const nameCodes = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_FAIL'])
/**
 * OpenSSL's verification codes and Node's host name check: a certificate the client does not trust. Those
 * of ERR_SSL_ are the handshake's own (a plain-HTTP server, another protocol, an alert from the peer).
 */
const trustCode = /CERT|CRL|UNABLE_TO_|INVALID_CA|PATH_LENGTH|INVALID_PURPOSE|HOSTNAME_MISMATCH/
const handshakeCode = /^(EPROTO$|ERR_SSL_|ERR_TLS_)/

/**
 * Classes `code`, the Node error code of a request that got no HTTP answer. `setting` names where the base
 * URL was given: the proxy's environment, or `npm run probe`'s argument. `HPE_*` is llhttp's: the upstream
 * was reached and answered bytes that are not an HTTP response.
 */
export function upstreamFailure(code: string, setting = 'SANDBOX_BASE_URL'): UpstreamFailure {
  const schemeAndPort = `check the scheme and port in ${setting}`
  if (code.startsWith('HPE_')) {
    return failure('not-http', 'Not HTTP', `the upstream does not speak HTTP: ${schemeAndPort}`, code)
  }
  if (nameCodes.has(code)) {
    const words = `the upstream's host name does not resolve: check the host in ${setting} and this machine's DNS`
    return failure('name-not-found', 'Name not found', words, code)
  }
  if (code === 'ECONNREFUSED') {
    const words = `nothing accepts connections at the upstream's address and port: check the port in ${setting} and that the sandbox runs`
    return failure('refused', 'Connection refused', words, code)
  }
  if (trustCode.test(code) && !code.startsWith('ERR_SSL_')) {
    const words =
      "the upstream's TLS certificate is not trusted: if a private CA issued it, give that CA to Node with NODE_EXTRA_CA_CERTS=/path/to/ca.pem"
    return failure('tls-not-trusted', 'TLS not trusted', words, code)
  }
  if (handshakeCode.test(code)) {
    const words = `TLS handshake failed: is the upstream a TLS server? ${schemeAndPort}`
    return failure('tls-handshake', 'TLS handshake failed', words, code)
  }
  return failure('unreachable', 'Upstream unreachable', 'the connection to the upstream failed', code)
}

function failure(kind: UpstreamFailureKind, title: string, words: string, code: string): UpstreamFailure {
  return { kind, title, words: `${words} (${code})` }
}
