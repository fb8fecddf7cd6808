import {
  API_BASE,
  headerNames,
  pathTo,
  signatureErrorCodes,
  tppMessagesBody,
  transactionsSearchParams,
} from '../contract'
import { UnreachableError } from './errors'
import { readBody } from './json'
import type { Transport } from './transport'

/** What one signed read through the proxy came to. */
export type ProbeOutcome =
  | { kind: 'answer'; status: number; contentType: string; body: string }
  | { kind: 'no-answer'; detail: string }

export type FailureClass =
  | 'name-not-found'
  | 'refused'
  | 'tls-not-trusted'
  | 'unreachable'
  | 'timeout'
  | 'signature-refused'
  | 'wrong-base-path'
  | 'sandbox-error'
  | 'proxy-unreachable'
  | 'unexpected'

export type Verdict =
  | { ok: true; title: string; text: string }
  | { ok: false; failure: FailureClass; title: string; text: string }

/** The id the test reads when no account is chosen: a sandbox answers 404 for it, after checking the signature. */
export const PROBE_ACCOUNT_ID = 'console-connection-test'

/**
 * Sends one signed read through the proxy: the transactions of `accountId` (or of an id no sandbox has).
 * A sandbox checks the signature before it looks the account up, so its 404 for an unknown id proves the
 * whole path: name, connection, TLS, base path and signature.
 */
export async function probeConnection(send: Transport, accountId = PROBE_ACCOUNT_ID): Promise<ProbeOutcome> {
  const path = pathTo('listTransactions', { mockCardAccountId: accountId })
  const query = transactionsSearchParams({ bookingStatus: 'booked', offset: 0, limit: 1 })
  const headers = new Headers({ [headerNames.requestId]: crypto.randomUUID(), accept: 'application/json' })
  const request = new Request(new URL(`${API_BASE}${path}?${query}`, location.href), { headers })
  try {
    const response = await send(request)
    const body = await response.text()
    return {
      kind: 'answer',
      status: response.status,
      contentType: response.headers.get('content-type') ?? '',
      body,
    }
  } catch (error) {
    if (error instanceof UnreachableError && error.answer) return { kind: 'answer', ...error.answer }
    return { kind: 'no-answer', detail: error instanceof Error ? error.message : String(error) }
  }
}

const nameCodes = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_FAIL'])
/** Node's codes for a TLS certificate the proxy does not trust or a handshake that failed. */
const tlsCode = /CERT|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)|ERR_TLS|ERR_SSL|EPROTO|HOSTNAME_MISMATCH/

/** Names the class of what a connection test met, in words a tester can act on (docs/decisions.md#connection-test). */
export function classifyProbe(outcome: ProbeOutcome): Verdict {
  if (outcome.kind === 'no-answer') {
    return fail(
      'proxy-unreachable',
      'Proxy unreachable',
      `Nothing answered at ${API_BASE} (${outcome.detail}). Is the console's server (npm start) still running?`,
    )
  }
  const { status, contentType, body } = outcome
  const message = firstMessage(body)
  const said = message ? `${message.code}: ${message.text}` : `HTTP ${status}`

  if (status === 502 && message?.code === 'UPSTREAM_UNREACHABLE') return unreachableVerdict(message.text)
  if (status === 504) {
    return fail(
      'timeout',
      'Timeout',
      `The upstream did not answer in time (${said}). Check the address, or raise UPSTREAM_CONNECT_TIMEOUT_MS / UPSTREAM_TIMEOUT_MS.`,
    )
  }
  if (status === 401 && message !== undefined && signatureErrorCodes.some((code) => code === message.code)) {
    return fail(
      'signature-refused',
      'Signature or certificate refused',
      `The sandbox refused the signed request (${said}). Check TPP_CERT and TPP_KEY, and that the bank has registered this certificate.`,
    )
  }
  if (status === 404 && message === undefined) return wrongBasePathVerdict(contentType)
  if (status >= 500) {
    return fail(
      'sandbox-error',
      'Sandbox error',
      `The sandbox answered HTTP ${status} (${said}): the request arrived, the sandbox failed.`,
    )
  }
  if (status >= 200 && status < 300) {
    return {
      ok: true,
      title: 'Connected',
      text: `The sandbox accepted the signed request and answered HTTP ${status}.`,
    }
  }
  // The sandbox checks the signature first: its own 404 for the test id, or a 400 about a header, means it
  // accepted the signature and read the request.
  if ((status === 404 || status === 400) && message !== undefined) {
    // A refusal in green read as a contradiction to a first-time tester: say whose the refusal is.
    return {
      ok: true,
      title: 'Connected: the signature was accepted',
      text: `The sandbox checked the signature and read the request. Its answer, HTTP ${status} (${said}), is about the test's own read (one row, without a PSU-Corporate-ID), not about the connection.`,
    }
  }
  return fail('unexpected', `Unexpected answer (HTTP ${status})`, `The request got HTTP ${status}: ${said}.`)
}

/** The proxy's UPSTREAM_UNREACHABLE, classed by the Node error code its text names in parentheses. */
function unreachableVerdict(text: string): Verdict {
  const code = /\(([A-Z0-9_]+)\)/.exec(text)?.[1] ?? ''
  if (nameCodes.has(code)) {
    return fail(
      'name-not-found',
      'Name not found',
      `The upstream's host name does not resolve (${code}): check the host in SANDBOX_BASE_URL and this machine's DNS.`,
    )
  }
  if (code === 'ECONNREFUSED') {
    return fail(
      'refused',
      'Connection refused',
      `Nothing accepts connections at the upstream's address and port (${code}): check the port in SANDBOX_BASE_URL and that the sandbox runs.`,
    )
  }
  if (tlsCode.test(code)) {
    return fail(
      'tls-not-trusted',
      'TLS not trusted',
      `The proxy does not trust the upstream's TLS certificate (${code}). If a private CA issued it, start the console with NODE_EXTRA_CA_CERTS=/path/to/ca.pem.`,
    )
  }
  return fail(
    'unreachable',
    'Upstream unreachable',
    `The proxy could not reach the upstream (${code || text}).`,
  )
}

/** A 404 without the sandbox's error shape: something else than the sandbox answered at that path. */
function wrongBasePathVerdict(contentType: string): Verdict {
  const what = contentType.includes('html')
    ? 'an HTML page'
    : `a body that is not the sandbox's error shape (${contentType || 'no content type'})`
  return fail(
    'wrong-base-path',
    'Wrong base path',
    `The upstream answered 404 with ${what}: the path in SANDBOX_BASE_URL is probably wrong (the platform's sandbox lives under a base path such as /api-sandbox).`,
  )
}

function fail(failure: FailureClass, title: string, text: string): Verdict {
  return { ok: false, failure, title, text }
}

function firstMessage(text: string): { code: string; text: string } | undefined {
  const body = readBody(text)
  if (body.kind !== 'json') return undefined
  const parsed = tppMessagesBody.safeParse(body.value)
  return parsed.success ? parsed.data.tppMessages[0] : undefined
}
