import { describe, expect, it } from 'vitest'
import { classifyProbe, type ProbeOutcome } from './connection-test'

const json = 'application/json'
const problem = (status: number, code: string, text: string): ProbeOutcome => ({
  kind: 'answer',
  status,
  contentType: json,
  body: JSON.stringify({ tppMessages: [{ category: 'ERROR', code, text }] }),
})
const unreachable = (code: string) =>
  problem(502, 'UPSTREAM_UNREACHABLE', `The upstream https://bank.example could not be reached (${code})`)

const classOf = (outcome: ProbeOutcome) => {
  const verdict = classifyProbe(outcome)
  return verdict.ok ? 'connected' : verdict.failure
}

describe('what a connection test met, named', () => {
  it('names a host that does not resolve', () => {
    expect(classOf(unreachable('ENOTFOUND'))).toBe('name-not-found')
    expect(classOf(unreachable('EAI_AGAIN'))).toBe('name-not-found')
    expect(classifyProbe(unreachable('ENOTFOUND')).title).toBe('Name not found')
  })

  it('names a refused connection', () => {
    expect(classOf(unreachable('ECONNREFUSED'))).toBe('refused')
  })

  it('names a TLS certificate the proxy does not trust, and says how to trust a private CA', () => {
    for (const code of [
      'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
      'SELF_SIGNED_CERT_IN_CHAIN',
      'DEPTH_ZERO_SELF_SIGNED_CERT',
      'CERT_HAS_EXPIRED',
      'ERR_TLS_CERT_ALTNAME_INVALID',
    ]) {
      expect(classOf(unreachable(code)), code).toBe('tls-not-trusted')
    }
    expect(classifyProbe(unreachable('SELF_SIGNED_CERT_IN_CHAIN')).text).toContain('NODE_EXTRA_CA_CERTS')
  })

  it('names a TLS handshake that failed apart from trust: the scheme or port is wrong, no CA helps', () => {
    for (const code of ['EPROTO', 'ERR_SSL_WRONG_VERSION_NUMBER', 'ERR_SSL_PACKET_LENGTH_TOO_LONG']) {
      const verdict = classifyProbe(unreachable(code))
      expect(verdict, code).toMatchObject({ failure: 'tls-handshake', title: 'TLS handshake failed' })
      expect(verdict.text).toBe(
        `TLS handshake failed: is the upstream a TLS server? check the scheme and port in SANDBOX_BASE_URL (${code}).`,
      )
    }
  })

  it('names an upstream that answered something that is not HTTP, not a sandbox error', () => {
    const notHttp = problem(
      502,
      'UPSTREAM_INVALID',
      'The upstream http://127.0.0.1:5410 answered: the upstream does not speak HTTP: check the scheme and port in SANDBOX_BASE_URL (HPE_INVALID_CONSTANT)',
    )
    expect(classifyProbe(notHttp)).toEqual({
      ok: false,
      failure: 'not-http',
      title: 'Not HTTP',
      text: 'The upstream does not speak HTTP: check the scheme and port in SANDBOX_BASE_URL (HPE_INVALID_CONSTANT).',
    })
    // An HTTP server's answer the proxy cannot relay is still that server's failure.
    const oddStatus = problem(
      502,
      'UPSTREAM_INVALID',
      'The upstream x answered with status 999, outside 200-599',
    )
    expect(classOf(oddStatus)).toBe('sandbox-error')
  })

  it("names the status once when a gateway answered without the sandbox's words", () => {
    const page: ProbeOutcome = {
      kind: 'answer',
      status: 503,
      contentType: 'text/html',
      body: '<h1>Down</h1>',
    }
    expect(classifyProbe(page)).toMatchObject({
      failure: 'sandbox-error',
      text: 'The sandbox answered HTTP 503: the request arrived, the sandbox failed.',
    })
    const moved: ProbeOutcome = { kind: 'answer', status: 302, contentType: 'text/html', body: '' }
    expect(classifyProbe(moved)).toMatchObject({ failure: 'unexpected', text: 'The request got HTTP 302.' })
  })

  it('keeps other network failures apart from those', () => {
    expect(classOf(unreachable('ECONNRESET'))).toBe('unreachable')
  })

  it('names a refused signature or certificate, not any 401', () => {
    expect(classOf(problem(401, 'SIGNATURE_INVALID', 'the signature does not verify'))).toBe(
      'signature-refused',
    )
    expect(classOf(problem(401, 'CERTIFICATE_EXPIRED', 'expired'))).toBe('signature-refused')
    expect(classOf(problem(401, 'CONSENT_INVALID', 'no consent'))).toBe('unexpected')
  })

  it("takes a 404 that is not the sandbox's error shape for a wrong base path", () => {
    const html: ProbeOutcome = {
      kind: 'answer',
      status: 404,
      contentType: 'text/html',
      body: '<h1>Not Found</h1>',
    }
    expect(classOf(html)).toBe('wrong-base-path')
    expect(classifyProbe(html).text).toContain('an HTML page')
    const gateway: ProbeOutcome = {
      kind: 'answer',
      status: 404,
      contentType: json,
      body: '{"error":"no route"}',
    }
    expect(classOf(gateway)).toBe('wrong-base-path')
    expect(classifyProbe(gateway).text).toContain(
      `with a body that is not the sandbox's error shape (${json}): the path in SANDBOX_BASE_URL`,
    )
    expect(classifyProbe({ ...gateway, contentType: '' }).text).toContain('error shape (no content type):')
  })

  it("counts the sandbox's own 404 for the test id as connected: it checked the signature first", () => {
    expect(classOf(problem(404, 'RESOURCE_UNKNOWN', 'No card account console-connection-test'))).toBe(
      'connected',
    )
    expect(classOf({ kind: 'answer', status: 200, contentType: json, body: '{}' })).toBe('connected')
  })

  it('names a sandbox error and a timeout', () => {
    expect(classOf(problem(500, 'INTERNAL_SERVER_ERROR', 'boom'))).toBe('sandbox-error')
    expect(classOf({ kind: 'answer', status: 503, contentType: 'text/plain', body: 'down' })).toBe(
      'sandbox-error',
    )
    expect(classOf(problem(504, 'UPSTREAM_TIMEOUT', 'did not answer within 30000 ms'))).toBe('timeout')
  })

  it('names a proxy that does not answer at all', () => {
    expect(classOf({ kind: 'no-answer', detail: 'network error (Failed to fetch)' })).toBe(
      'proxy-unreachable',
    )
  })

  it("says a 400 or 404 to the test's own read is about that read, not the connection", () => {
    const verdict = classifyProbe(problem(400, 'FORMAT_ERROR', 'PSU-Corporate-ID is required'))
    expect(verdict).toMatchObject({ ok: true, title: 'Connected: the signature was accepted' })
    expect(verdict.text).toBe(
      "The sandbox checked the signature and read the request. Its answer, HTTP 400 (FORMAT_ERROR: PSU-Corporate-ID is required), is about the test's own read (one row, without a PSU-Corporate-ID), not about the connection.",
    )
    expect(classifyProbe({ kind: 'answer', status: 200, contentType: json, body: '{}' }).text).toBe(
      'The sandbox accepted the signed request and answered HTTP 200.',
    )
  })
})
