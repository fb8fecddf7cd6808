import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { headerNames, type Problem, tppMessagesBody, tppMessagesOf } from '../contract'
import { requestIdProblem } from '../contract/request-headers'
import { verifySignedRequest } from '../signing'
import { decodeConsoleTrace } from '../signing/console-trace'
import { setupSandboxServer, TEST_BASE_URL } from './node'
import { OFFLINE_VERIFIED } from './proxy-stand-in'

// Offline mode's runtime as the browser runs it: the stand-in for the proxy in front of the handlers.
const { server } = setupSandboxServer({ proxyStandIn: true })
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

/** What the console sends, to the proxy and offline alike: no signature, its own X-Request-ID. */
const unsigned = (headers: Record<string, string> = {}) =>
  fetch(`${TEST_BASE_URL}/v1/sandbox/card-accounts`, {
    headers: { Accept: 'application/json', [headerNames.requestId]: crypto.randomUUID(), ...headers },
  })

describe("offline mode's stand-in for the proxy", () => {
  it('signs the unsigned request, has the sandbox verify it, and says so as the proxy and upstream do', async () => {
    const requestId = crypto.randomUUID()
    const answer = await unsigned({ [headerNames.requestId]: requestId })

    expect(answer.status).toBe(200)
    expect(answer.headers.get(headerNames.sandboxVerification)).toBe(OFFLINE_VERIFIED)
    const trace = decodeConsoleTrace(answer.headers.get(headerNames.consoleTrace))
    expect(trace?.upstream).toBe(`${TEST_BASE_URL}/v1/sandbox/card-accounts`)
    expect(trace?.withheld).toBeUndefined()
    const sent = trace?.requestHeaders ?? {}
    expect(Object.keys(sent)).toEqual(
      expect.arrayContaining(['Date', 'Digest', 'TPP-Signature-Certificate', 'Signature']),
    )
    expect(sent[headerNames.requestId]).toBe(requestId)
    // The trace is the request as signed: it verifies as it stands.
    const verified = await verifySignedRequest({
      method: 'GET',
      url: '/v1/sandbox/card-accounts',
      headers: sent,
    })
    expect(verified.ok).toBe(true)
    expect(trace?.keyId).toMatch(/^SN=/)
    expect(trace?.signingString).toContain(`x-request-id: ${requestId}`)
  })

  // The proxy refuses it rather than sign a new one (server/proxy/forward.ts): the client's id would not
  // be the one signed. Offline the same words come from the sandbox's own check, before any signature.
  it('refuses a malformed X-Request-ID in the words the proxy uses, signing nothing', async () => {
    const answer = await unsigned({ [headerNames.requestId]: 'nope' })

    expect(answer.status).toBe(400)
    expect(await answer.json()).toEqual(tppMessagesOf(requestIdProblem('nope') as Problem))
    expect(JSON.stringify(tppMessagesOf(requestIdProblem('nope') as Problem))).toContain(
      'X-Request-ID must be a UUID',
    )
    expect(answer.headers.get(headerNames.consoleTrace)).toBeNull()
  })

  it("forwards only the operation's headers, as the proxy does: never the console's secret", async () => {
    const answer = await unsigned({
      [headerNames.consoleSecret]: 'per-start-secret',
      'X-Something-Else': 'kept by neither',
      [headerNames.psuId]: '13039319955',
    })

    expect(answer.status).toBe(200)
    const sent = decodeConsoleTrace(answer.headers.get(headerNames.consoleTrace))?.requestHeaders ?? {}
    const names = Object.keys(sent).map((name) => name.toLowerCase())
    expect(names).not.toContain(headerNames.consoleSecret.toLowerCase())
    expect(names).not.toContain('x-something-else')
    expect(JSON.stringify(sent)).not.toContain('per-start-secret')
    expect(sent[headerNames.psuId] ?? sent[headerNames.psuId.toLowerCase()]).toBe('13039319955')
  })

  it('spoils the signed request as X-Console-Tamper asks, leaves the header out, and shows the refusal', async () => {
    const answer = await unsigned({ [headerNames.consoleTamper]: 'missing-digest' })

    expect(answer.status).toBe(401)
    expect(answer.headers.get(headerNames.sandboxVerification)).toBeNull()
    const [message] = tppMessagesBody.parse(await answer.json()).tppMessages
    expect(message?.path).toBe('Digest')
    const sent = decodeConsoleTrace(answer.headers.get(headerNames.consoleTrace))?.requestHeaders ?? {}
    expect(Object.keys(sent).map((name) => name.toLowerCase())).not.toContain('digest')
    expect(Object.keys(sent).map((name) => name.toLowerCase())).not.toContain('x-console-tamper')
    expect(sent.Signature).toMatch(/^keyId=/)
  })
})
