import { getResponse, http, type RequestHandler } from 'msw'
import { headerNames } from '../contract'
import { matchRoute, type Operation } from '../contract/operations'
import { requestIdProblem } from '../contract/request-headers'
import { createRequestSigner, parseCertificate, type RequestSigner } from '../signing'
import { encodeConsoleTrace } from '../signing/console-trace'
import { forwardedHeaderNames } from '../signing/forwarded-headers'
import { OFFLINE_TEST_IDENTITY } from '../signing/offline-test-identity'
import { importPrivateKeyPem } from '../signing/private-key'
import { signedUpstreamRequest } from '../signing/upstream-request'
import type { Authenticate } from './handlers'
import { requireSignature } from './signature-check'

/** What the inspector reads in X-Sandbox-Verification when the in-browser sandbox accepted a signature. */
export const OFFLINE_VERIFIED = 'verified by the in-browser sandbox (offline test identity)'

export interface ProxyStandIn {
  /** The sandbox's signature check, for its handlers: it notes each request it accepts. */
  authenticate: Authenticate
  /** One handler in front of `handlers`, for every request under `basePath`: see `createProxyStandIn`. */
  inFrontOf(handlers: RequestHandler[], basePath: string): RequestHandler
}

/**
 * Offline mode's stand-in for the console's proxy (server/proxy/forward.ts), in the offline runtime: the
 * console sends offline what it sends to the proxy, unsigned, and the stand-in signs it with the shipped
 * TEST identity (never a real TPP key), spoils it as X-Console-Tamper asks, has the in-browser sandbox
 * verify and answer it, and answers with the proxy's X-Console-Trace and the local upstream's
 * X-Sandbox-Verification. So the console's page carries no signer, and the inspector shows a request
 * signed offline as it shows one the proxy signed.
 */
export function createProxyStandIn(): ProxyStandIn {
  let signer: Promise<RequestSigner> | undefined
  // The key is imported at the first request, not at start: nothing is signed before one.
  const signerOnUse = () => {
    signer ??= Promise.all([
      importPrivateKeyPem(OFFLINE_TEST_IDENTITY.privateKeyPem),
      parseCertificate(OFFLINE_TEST_IDENTITY.certificatePem),
    ]).then(([privateKey, certificate]) => createRequestSigner({ privateKey, certificate }))
    return signer
  }
  // A browser may not set `Date` on a request (a forbidden name): between the stand-in and the sandbox,
  // both in this tab, the signed Date travels as X-Console-Date and the check puts it back.
  const verify = requireSignature({ dateFrom: headerNames.consoleDate })
  const verified = new Set<string>()

  /** What the proxy sends on: the operation's headers only, signed, spoiled as asked, its Date moved. */
  const signedForSandbox = async (request: Request, operation: Operation) => {
    const url = new URL(request.url)
    const body = request.body ? new Uint8Array(await request.clone().arrayBuffer()) : undefined
    // What the proxy forwards, and nothing else: never X-Console-Secret or the Signature switch.
    const forwarded = forwardedHeaderNames(operation)
    const sent = new Headers([...request.headers].filter(([name]) => forwarded.has(name.toLowerCase())))
    const signer = await signerOnUse()
    const { headers, trace } = await signedUpstreamRequest({
      sign: (parts, options) => signer.sign(parts, options),
      request: {
        method: request.method,
        url: `${url.pathname}${url.search}`,
        headers: Object.fromEntries(sent),
        ...(body ? { body } : {}),
      },
      tamper: request.headers.get(headerNames.consoleTamper),
      upstream: url.href,
      fullTrace: true,
    })
    const { Date: date, ...rest } = headers
    const sandboxRequest = new Request(url, {
      method: request.method,
      headers: { ...rest, ...(date === undefined ? {} : { [headerNames.consoleDate]: date }) },
      ...(body ? { body } : {}),
      signal: request.signal,
    })
    return { sandboxRequest, trace, requestId: headers[headerNames.requestId] ?? '' }
  }

  const exchange = async (
    request: Request,
    handlers: RequestHandler[],
    servicePath: string,
  ): Promise<Response | undefined> => {
    const route = matchRoute(request.method, servicePath)
    // Not an operation (an unknown path, another method, OPTIONS): the proxy refuses it without signing,
    // and the sandbox's handlers give the same refusal.
    if (route.kind !== 'operation') return getResponse(handlers, request)
    // A malformed X-Request-ID: the proxy refuses it rather than sign another (server/proxy/forward.ts),
    // and the sandbox's own check, before any signature, gives the same refusal.
    const givenId = request.headers.get(headerNames.requestId)
    if (givenId !== null && requestIdProblem(givenId) !== undefined) {
      return getResponse(handlers, request)
    }
    const { sandboxRequest, trace, requestId } = await signedForSandbox(request, route.operation)
    const response = await getResponse(handlers, sandboxRequest)
    // Taken whatever the answer, so a dropped connection leaves no id behind in the set.
    const accepted = verified.delete(requestId)
    // A dropped connection (a condition's reset) has no headers to add.
    if (response === undefined || response.type === 'error') return response
    response.headers.set(headerNames.consoleTrace, encodeConsoleTrace(trace))
    if (accepted) response.headers.set(headerNames.sandboxVerification, OFFLINE_VERIFIED)
    return response
  }

  return {
    authenticate: async (request, body, rules) => {
      const refused = await verify(request, body, rules)
      if (refused === null) verified.add(request.headers.get(headerNames.requestId) ?? '')
      return refused
    },
    inFrontOf(handlers, basePath) {
      const under = new URL(`${basePath}/`, globalThis.location?.href)
      return http.all(
        ({ request }) => request.url.startsWith(under.href),
        ({ request }) =>
          exchange(request, handlers, new URL(request.url).pathname.slice(under.pathname.length - 1)),
      )
    },
  }
}
