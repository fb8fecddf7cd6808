/**
 * Every API request goes through `transport`: the one place that can sign a request, send it, and
 * record it for the inspector.
 *
 * Signing seam: in offline mode the browser signs its own requests with the shipped TEST identity.
 * Whoever wires that in calls `installRequestSigner(signer)` once, before the first request; the
 * transport then calls `signer.sign(request)` for every request (retries included) and sends the
 * request it gets back. The signer adds Date, Digest, TPP-Signature-Certificate and Signature (the
 * client has already set X-Request-ID, which must be kept), and returns the signing string and keyId,
 * which the inspector shows next to the headers as sent. `verification`, when given, says what the
 * in-browser sandbox made of a request it accepted (by default the answer's X-Sandbox-Verification header
 * says it); a refusal is read from the 401's tppMessages either way.
 * In proxy mode nothing is installed: the proxy signs, and its X-Console-Trace answer header tells the
 * inspector what it sent upstream.
 */
import { headerNames } from '../contract'
import { readConsoleTrace, type UpstreamRequest } from './console-trace'
import { UnreachableError } from './errors'
import type { Mode } from './mode'
import { requestLog } from './request-log'
import { readVerification, type Verification } from './verification'

export interface SigningInfo {
  signingString: string
  keyId: string
}

export interface SignedRequest {
  request: Request
  signing: SigningInfo
}

export interface RequestSigner {
  sign(request: Request): Promise<SignedRequest>
  verification?(response: Response): string | undefined
}

/** Offline mode: the in-browser sandbox's worker, as far as the transport needs to know it. */
export interface OfflineWorker {
  /** Whether the worker answered the request with this X-Request-ID (and forgets it). */
  answered(requestId: string): boolean
  /** Re-starts a worker that stopped intercepting (idle tab, design §5). */
  restart(): Promise<void>
}

interface TransportConfig {
  mode: Mode
  offline?: OfflineWorker | undefined
}

let config: TransportConfig = { mode: 'offline' }
let signer: RequestSigner | undefined

export function configureTransport(next: TransportConfig): void {
  config = next
}

export function installRequestSigner(next: RequestSigner | undefined): void {
  signer = next
}

/** Sends `request` (never consumed: each attempt sends a clone) and returns the sandbox's answer. */
export async function transport(request: Request): Promise<Response> {
  try {
    return await attempt(request)
  } catch (error) {
    // An idle msw worker stops intercepting: the request then reaches the server behind it (a static
    // page, a 404, even a proxy's JSON) or nothing at all. Re-start the worker once and retry instead
    // of showing a network error or someone else's data.
    if (!(error instanceof NotTheSandbox) || !config.offline) throw unreachable(error)
    await config.offline.restart()
    try {
      return await attempt(request)
    } catch (retryError) {
      throw unreachable(retryError)
    }
  }
}

/** Thrown inside the transport when whatever answered is not the sandbox's JSON API. */
class NotTheSandbox extends Error {}

function unreachable(error: unknown): unknown {
  return error instanceof NotTheSandbox ? new UnreachableError(config.mode, error.message) : error
}

async function attempt(original: Request): Promise<Response> {
  const unsigned = original.clone()
  const { request, signing } = signer
    ? await signer.sign(unsigned)
    : { request: unsigned, signing: undefined }
  const requestBody = request.method === 'GET' ? undefined : await request.clone().text()
  const requestHeaders = [...request.headers]
  const url = new URL(request.url)
  const startedAt = Date.now()
  const t0 = performance.now()
  const record = (fields: {
    status?: number
    failure?: string
    responseHeaders?: [string, string][]
    responseBody?: string
    verification?: Verification
    upstream?: UpstreamRequest
    signing?: SigningInfo
  }) =>
    requestLog.add({
      startedAt,
      method: request.method,
      url: url.pathname + url.search,
      durationMs: Math.round(performance.now() - t0),
      requestHeaders,
      responseHeaders: [],
      ...(requestBody === undefined ? {} : { requestBody }),
      ...(signing ? { signing } : {}),
      ...fields,
    })

  let response: Response
  try {
    response = await fetch(request)
  } catch (error) {
    if (request.signal.aborted) throw error
    const failure = `network error (${error instanceof Error ? error.message : String(error)})`
    record({ failure })
    throw new NotTheSandbox(failure)
  }
  const responseBody = await response.clone().text()
  const verification = readVerification(
    response.status,
    responseBody,
    signer?.verification?.(response) ?? response.headers.get(headerNames.sandboxVerification) ?? undefined,
  )
  const upstream = readConsoleTrace(response.headers)
  record({
    status: response.status,
    responseHeaders: [...response.headers],
    responseBody,
    ...(verification === undefined ? {} : { verification }),
    ...(upstream ? { upstream, signing: upstream.signing } : {}),
  })
  const type = response.headers.get('content-type') ?? ''
  const answer = `HTTP ${response.status} ${type || 'without a content type'} from ${url.pathname}`
  if (config.offline && !config.offline.answered(request.headers.get(headerNames.requestId) ?? '')) {
    throw new NotTheSandbox(`the service worker let the request through (got ${answer})`)
  }
  if (!type.includes('json')) throw new NotTheSandbox(`got ${answer}, not the sandbox's JSON`)
  return response
}
