import type { IncomingMessage, ServerResponse } from 'node:http'
import {
  CONSOLE_CONDITIONS_PATH,
  type ConditionRule,
  type ConditionsState,
  conditionSet,
  headerNames,
  type IsoDate,
  localToday,
  problem,
  problemFromZod,
} from '../src/contract'
import { type ConditionCall, createConditions, createFiredLog } from '../src/sandbox/conditions'
import { callerRequestId, sendProblem, setHeaders } from './problem-response'
import { readBodyWithin } from './read-body'

export { CONSOLE_CONDITIONS_PATH }

/** A condition set is a few rules: a body past this is not one. */
const MAX_CONDITIONS_BYTES = 64 * 1024

export interface ProxyConditionsOptions {
  /** How long a timeout holds the request before the proxy's own 504 (UPSTREAM_TIMEOUT_MS). */
  upstreamTimeoutMs: number
  /** Quotas count on the real date: a remote sandbox has no clock of the console's. */
  today?: () => IsoDate
}

export interface ProxyConditions {
  /** `GET` (and HEAD) the conditions with what fired lately; `PUT` a new set, which starts a new run. */
  answer(req: IncomingMessage, res: ServerResponse): Promise<void>
  /**
   * Applies the conditions to a request of `call` before it is signed and forwarded: true when it was
   * answered (or dropped) here, so that nothing of it reaches the bank.
   */
  apply(req: IncomingMessage, res: ServerResponse, call: ConditionCall): Promise<boolean>
}

/** The proxy's conditions: one set for the whole process, whichever tab set it. */
export function createProxyConditions({
  upstreamTimeoutMs,
  today = () => localToday(),
}: ProxyConditionsOptions): ProxyConditions {
  let rules: readonly ConditionRule[] = []
  const conditions = createConditions({
    rules: () => rules,
    today,
    dayEnds: "at midnight, the proxy's local time",
  })
  const fired = createFiredLog()
  const state = (): ConditionsState => ({ rules: [...rules], upstreamTimeoutMs, fired: fired.list() })

  const sendState = (req: IncomingMessage, res: ServerResponse) => {
    const body = JSON.stringify(state())
    setHeaders(res, {
      [headerNames.contentType]: 'application/json',
      'content-length': String(Buffer.byteLength(body)),
      'cache-control': 'no-store',
    })
    res.writeHead(200)
    res.end(req.method === 'HEAD' ? undefined : body)
  }

  return {
    async answer(req, res) {
      if (req.method === 'GET' || req.method === 'HEAD') return sendState(req, res)
      if (req.method !== 'PUT') {
        const text = `${req.method} is not allowed on ${CONSOLE_CONDITIONS_PATH}; allowed: GET, HEAD, PUT`
        return sendProblem(req, res, problem(405, 'SERVICE_INVALID', text), { allow: 'GET, HEAD, PUT' })
      }
      const body = await readBodyWithin(req, res, MAX_CONDITIONS_BYTES)
      if (body === undefined) return
      let json: unknown
      try {
        json = JSON.parse(body.toString('utf8'))
      } catch {
        return sendProblem(req, res, problem(400, 'FORMAT_ERROR', 'The body is not JSON: {"rules": [...]}'))
      }
      const parsed = conditionSet.safeParse(json)
      if (!parsed.success) return sendProblem(req, res, problemFromZod(parsed.error))
      rules = parsed.data.rules
      // Setting the conditions, even the same ones again, starts the run from the seeds.
      conditions.restart()
      sendState(req, res)
    },

    async apply(req, res, call) {
      const outcome = conditions.decide(call)
      if (outcome.kind !== 'pass') fired.add(callerRequestId(req), outcome.label)
      if (outcome.delayMs > 0 && !(await holdFor(res, outcome.delayMs))) return true
      const badge = { [headerNames.consoleCondition]: outcome.label ?? '' }
      switch (outcome.kind) {
        case 'pass':
          if (outcome.label !== undefined) setHeaders(res, badge)
          return false
        case 'answer':
          sendProblem(req, res, outcome.problem, { ...outcome.headers, ...badge })
          return true
        case 'timeout': {
          if (!(await holdFor(res, upstreamTimeoutMs))) return true
          const text =
            `No answer within ${upstreamTimeoutMs} ms (UPSTREAM_TIMEOUT_MS): the condition held the request, ` +
            'and nothing was sent upstream'
          sendProblem(req, res, problem(504, 'UPSTREAM_TIMEOUT', text), badge)
          return true
        }
        case 'reset':
          // The connection itself goes: the client gets no HTTP answer at all.
          req.socket.destroy()
          return true
      }
    },
  }
}

/** Waits `ms`; false when the client went away meanwhile (nobody is left to answer). */
function holdFor(res: ServerResponse, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const gone = () => {
      clearTimeout(timer)
      resolve(false)
    }
    const timer = setTimeout(() => {
      res.off('close', gone)
      resolve(true)
    }, ms)
    res.once('close', gone)
  })
}
