import { HttpResponse } from 'msw'
import { echoedRequestId, headerNames, problem } from '../contract'
import type { ConditionCall, Conditions, FiredLog } from '../sandbox/conditions'
import { problemReply, toResponse } from './respond'

/** What the conditions made of a request: an answer of their own, or a label for the sandbox's answer. */
export interface Injection {
  /** Answered instead of the sandbox: the sandbox never sees the request. */
  response?: Response
  /** The rules that fired and let it through (latency): the sandbox's answer carries them. */
  label?: string
}

/** The handlers' seam: runs before anything else of a request to an operation. */
export type ApplyConditions = (request: Request, call: ConditionCall) => Promise<Injection | undefined>

export interface ConditionsSeamOptions {
  conditions: Conditions
  /** Where a condition that answered is noted by request id, for the inspector of a dropped request. */
  fired?: FiredLog
  /**
   * How long a timeout holds the request: longer than the console's own request timeout, so the console
   * gives up first; then a 504, so that no other client waits for ever either.
   */
  holdMs: () => number
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>
}

/**
 * The conditions as the in-browser (and Node test) sandbox applies them: before authentication and the
 * engine, so an injected answer changes nothing stored. Every answer of theirs is a tppMessages body
 * naming its rule in X-Console-Condition, or a network error for a reset.
 */
export function conditionsSeam({
  conditions,
  fired,
  holdMs,
  sleep = wait,
}: ConditionsSeamOptions): ApplyConditions {
  return async (request, call) => {
    const outcome = conditions.decide(call)
    if (outcome.kind !== 'pass') {
      fired?.add(echoedRequestId(request.headers.get(headerNames.requestId)), outcome.label)
    }
    if (outcome.delayMs > 0) await sleep(outcome.delayMs, request.signal)
    switch (outcome.kind) {
      case 'pass':
        return outcome.label === undefined ? undefined : { label: outcome.label }
      case 'answer':
        return {
          response: toResponse(
            request,
            problemReply(outcome.problem, {
              ...outcome.headers,
              [headerNames.consoleCondition]: outcome.label,
            }),
          ),
        }
      case 'timeout': {
        const held = holdMs()
        await sleep(held, request.signal)
        const text = `No answer within ${held} ms: the condition held the request, and the sandbox never saw it`
        const answer = problemReply(problem(504, 'UPSTREAM_TIMEOUT', text), {
          [headerNames.consoleCondition]: outcome.label,
        })
        return { response: toResponse(request, answer) }
      }
      case 'reset':
        return { response: HttpResponse.error() }
    }
  }
}

/** Waits `ms`, or less when the client went away. */
function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
    const timer = setTimeout(done, ms)
    signal.addEventListener('abort', done)
  })
}
