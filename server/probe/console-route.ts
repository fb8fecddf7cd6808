import type { IncomingMessage, ServerResponse } from 'node:http'
import { headerNames, type Problem, problem, problemFromZod } from '../../src/contract'
import { bankProfileFileOf } from '../../src/contract/bank-profile'
import {
  CONSOLE_PROBE_PATH,
  type ProbeEvent,
  type ProbeRequest,
  probeMaxRequests,
  probePlan,
  probeRequest,
} from '../../src/contract/probe'
import type { RequestSigner } from '../../src/signing/signer'
import { sendProblem, setHeaders } from '../problem-response'
import { readBodyWithin } from '../read-body'
import type { BadSigners } from './bad-signatures'
import { probeSandbox } from './probe'

export { CONSOLE_PROBE_PATH }

/** `{"customerNumber": "…"}`: anything longer is not a probe request. */
const MAX_PROBE_REQUEST_BYTES = 1024

export interface ConsoleProbeOptions {
  /** The proxy's one upstream, base path included: the probe never learns another. */
  baseUrl: URL
  /** The proxy's own signer: the probe signs as the console's requests are signed. */
  signer: RequestSigner
  /** The proxy's key as the opt-in's bad signatures use it; without them a run that asks for them is refused. */
  badSigners?: BadSigners
  /** The proxy's bound on an upstream answer, for each of the probe's requests. */
  timeoutMs: number
  log: (line: string) => void
}

export interface ConsoleProbe {
  /**
   * `POST /console/probe`: runs the probe and streams its events (NDJSON) until it ends or the caller goes;
   * `DELETE` cancels the run, whose stream then ends with what it learned.
   * `notThePage`: why the request is not the console page's own (it lacks the console secret), if it is not.
   */
  answer(req: IncomingMessage, res: ServerResponse, notThePage: Problem | undefined): Promise<void>
}

/**
 * "Check this sandbox…" in proxy mode (docs/decisions.md#bank-profiles-and-the-probe): server/probe/probe.ts
 * run in the proxy, where the TPP key is, against the configured upstream. One at a time: each run creates
 * an account at the bank and counts against its limits. A caller that goes away (the page's Cancel) stops it.
 */
export function createConsoleProbe({
  baseUrl,
  signer,
  badSigners,
  timeoutMs,
  log,
}: ConsoleProbeOptions): ConsoleProbe {
  let running: AbortController | undefined
  const probe: ConsoleProbe = {
    async answer(req, res, notThePage) {
      // Its stream carries full signatures and it writes at the bank: even where the secret is not required
      // for /api (loopback), only the console's own page may start it.
      if (notThePage) return sendProblem(req, res, notThePage)
      if (req.method === 'DELETE') {
        // Cancel: the run's stream ends with what it learned so far. Nothing running: nothing to do.
        running?.abort()
        res.writeHead(204)
        return void res.end()
      }
      if (req.method !== 'POST') {
        const text = `${req.method} is not allowed on ${CONSOLE_PROBE_PATH}; allowed: POST, DELETE`
        return sendProblem(req, res, problem(405, 'SERVICE_INVALID', text), { allow: 'POST, DELETE' })
      }
      const body = await readBodyWithin(req, res, MAX_PROBE_REQUEST_BYTES)
      if (body === undefined) return
      const parsed = parseProbeRequest(body)
      if (!parsed.ok) return sendProblem(req, res, parsed.problem)
      const badSignatures = parsed.request.badSignatures === true
      if (badSignatures && badSigners === undefined) {
        const text =
          'This proxy cannot make the deliberately bad signatures: run the check without badSignatures'
        return sendProblem(req, res, problem(400, 'FORMAT_ERROR', text, 'badSignatures'))
      }
      if (running) {
        const text =
          'A check of this sandbox is already running (from another tab?): wait for its report, or cancel it there'
        return sendProblem(req, res, problem(409, 'SERVICE_UNAVAILABLE', text))
      }
      return stream(res, { customerNumber: parsed.request.customerNumber, badSignatures })
    },
  }

  /** Runs the probe once, streaming its events (NDJSON) until it ends or the caller goes. */
  async function stream(
    res: ServerResponse,
    { customerNumber, badSignatures }: { customerNumber: string; badSignatures: boolean },
  ) {
    const cancel = new AbortController()
    running = cancel
    // A page that goes away (closed, reloaded) cancels it too: nothing more goes to the bank.
    res.once('close', () => cancel.abort())
    setHeaders(res, { [headerNames.contentType]: 'application/x-ndjson', 'cache-control': 'no-store' })
    res.writeHead(200)
    const send = (event: ProbeEvent) => res.write(`${JSON.stringify(event)}\n`)
    try {
      send({
        event: 'plan',
        lines: probePlan(baseUrl, { badSignatures }),
        maxRequests: probeMaxRequests(badSignatures),
      })
      const outcome = await probeSandbox({
        baseUrl,
        signer,
        customerNumber,
        ...(badSignatures && badSigners !== undefined ? { badSigners } : {}),
        timeoutMs,
        signal: cancel.signal,
        onExchange: (exchange) => {
          log(`probe: ${exchange.method} ${new URL(exchange.url).pathname} ${exchange.status ?? 'failed'}`)
          send({ event: 'exchange', exchange })
        },
      })
      const profile = bankProfileFileOf(outcome.traits, {
        source: baseUrl.href,
        learnedAt: new Date().toISOString(),
      })
      send({ event: 'done', outcome, profile })
      log(`probe: ${outcome.stopped === undefined ? 'ran to its end' : `stopped: ${outcome.stopped}`}`)
    } finally {
      running = undefined
      res.end()
    }
  }

  return probe
}

/** The run the body asks for, or the 400 saying what is wrong with it. */
function parseProbeRequest(
  body: Buffer,
): { ok: true; request: ProbeRequest } | { ok: false; problem: Problem } {
  let json: unknown
  try {
    json = JSON.parse(body.toString('utf8'))
  } catch {
    const text = 'The body is not JSON: {"customerNumber": "13039319955"}'
    return { ok: false, problem: problem(400, 'FORMAT_ERROR', text) }
  }
  const parsed = probeRequest.safeParse(json)
  if (!parsed.success) return { ok: false, problem: problemFromZod(parsed.error) }
  return { ok: true, request: parsed.data }
}
