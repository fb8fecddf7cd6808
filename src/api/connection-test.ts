import {
  API_BASE,
  headerNames,
  pathTo,
  signatureErrorCodes,
  tppMessagesBody,
  transactionsSearchParams,
} from '../contract'
import { type UpstreamFailureKind, upstreamFailure } from '../contract/upstream-failure'
import { UnreachableError } from './errors'
import { readBody } from './json'
import type { Transport } from './transport'

/** What one signed read through the proxy came to. */
export type ProbeOutcome =
  | { kind: 'answer'; status: number; contentType: string; body: string }
  | { kind: 'no-answer'; detail: string }

export type FailureClass =
  | UpstreamFailureKind
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
  // The status, and the sandbox's words beside it when it sent some: not "HTTP 503 (HTTP 503)".
  const answered = message ? `HTTP ${status} (${said})` : `HTTP ${status}`

  const upstream = status === 502 ? upstreamVerdict(message) : undefined
  if (upstream !== undefined) return upstream
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
      `The sandbox answered ${answered}: the request arrived, the sandbox failed.`,
    )
  }
  return (
    acceptedVerdict(status, message, said) ??
    fail('unexpected', `Unexpected answer (HTTP ${status})`, `The request got ${answered}.`)
  )
}

/** An answer that says the sandbox took the signed request, whatever it made of the test's own read. */
function acceptedVerdict(
  status: number,
  message: ReturnType<typeof firstMessage>,
  said: string,
): Verdict | undefined {
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
  return undefined
}

/**
 * The proxy's 502 for an upstream it could not reach, or one whose bytes Node's HTTP parser refused (HPE_*,
 * a broken body's too), in the words of the classifier the proxy wrote it with: its text ends with Node's
 * code. Another UPSTREAM_INVALID (a status outside 200-599, an upgrade) is an HTTP server's answer, and
 * stays the sandbox's error.
 */
function upstreamVerdict(message: { code: string; text: string } | undefined): Verdict | undefined {
  const nodeCode = /\(([A-Z0-9_]+)\)$/.exec(message?.text ?? '')?.[1]
  const notHttp = message?.code === 'UPSTREAM_INVALID' && nodeCode?.startsWith('HPE_')
  if (message?.code !== 'UPSTREAM_UNREACHABLE' && !notHttp) return undefined
  const failure = upstreamFailure(nodeCode ?? message.text)
  return fail(failure.kind, failure.title, `${capitalized(failure.words)}.`)
}

const capitalized = (words: string) => `${words.charAt(0).toUpperCase()}${words.slice(1)}`

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
