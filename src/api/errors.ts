import {
  conditionNamed,
  headerNames,
  signatureErrorCodes,
  type TppMessage,
  tppMessagesBody,
} from '../contract'
import { readBody } from './json'
import type { Mode } from './mode'

/**
 * The sandbox (or the proxy) answered with an error status; `messages` are its tppMessages. `body` is the
 * answer as it came, for one that carried none (a gateway's HTML page, `{"error": ...}`, plain text).
 */
export class ApiError extends Error {
  readonly status: number
  readonly messages: TppMessage[]
  readonly body: string | undefined
  /** Whether the answer was the Berlin Group error shape (a 404 of the sandbox, not of a gateway). */
  readonly hasTppMessages: boolean
  /** The answer's Retry-After as it came (seconds, or an HTTP-date): when to ask again. */
  retryAfter: string | undefined
  /** The tester's condition that shaped the answer, as X-Console-Condition names it: not the sandbox's own rule. */
  condition: string | undefined

  constructor(status: number, messages: TppMessage[], body?: string, hasTppMessages = true) {
    super(messages.map((m) => `${m.code}: ${m.text}`).join('\n') || `HTTP ${status}`)
    this.name = 'ApiError'
    this.status = status
    this.messages = messages
    this.body = body
    this.hasTppMessages = hasTppMessages
  }

  /**
   * From an error answer's text (and its headers, for Retry-After); a body that is not tppMessages still
   * becomes one readable message.
   */
  static fromText(status: number, text: string, headers?: Headers): ApiError {
    const error = ApiError.ofBody(status, text)
    error.retryAfter = headers?.get('retry-after')?.trim() || undefined
    error.condition = headers?.get(headerNames.consoleCondition) ?? undefined
    return error
  }

  private static ofBody(status: number, text: string): ApiError {
    const body = readBody(text)
    const parsed = body.kind === 'json' ? tppMessagesBody.safeParse(body.value) : undefined
    if (parsed?.success) return new ApiError(status, parsed.data.tppMessages, text)
    const what = body.kind === 'empty' ? 'no body' : 'no tppMessages; what came is shown below'
    return new ApiError(
      status,
      [{ category: 'ERROR', code: `HTTP_${status}`, text: `The answer carried ${what}.` }],
      body.kind === 'empty' ? undefined : text,
      false,
    )
  }
}

/** What came back when something other than the sandbox answered: for the connection test to classify. */
export interface StrayAnswer {
  status: number
  contentType: string
  body: string
}

/** Nothing that speaks the sandbox's API answered: names the mode, so the user knows what to fix. */
export class UnreachableError extends Error {
  readonly mode: Mode
  /** The answer that was not the sandbox's, when there was one (none for a network error). */
  readonly answer: StrayAnswer | undefined
  /** The test condition that dropped the connection, when one did: the failure the tester asked for. */
  readonly condition: string | undefined

  constructor(mode: Mode, detail: string, answer?: StrayAnswer, condition?: string) {
    super(`${unreachableTarget[mode]} did not answer: ${detail}`)
    this.name = 'UnreachableError'
    this.mode = mode
    this.answer = answer
    this.condition = condition
  }
}

// The mode by its short name: its label ("Proxy (/api → upstream)") in brackets read as brackets in brackets.
const unreachableTarget: Record<Mode, string> = {
  offline: 'The in-browser sandbox (Offline mode)',
  proxy: 'The proxy at /api (Proxy mode)',
}

/**
 * No answer came within the console's own request timeout: the console stopped waiting. The request may
 * still have reached the sandbox, so the message says so rather than calling it lost.
 */
export class RequestTimeoutError extends Error {
  readonly mode: Mode
  readonly timeoutMs: number

  constructor(mode: Mode, timeoutMs: number, condition?: string) {
    const seconds = Number((timeoutMs / 1000).toFixed(1))
    const why = condition === undefined ? '' : ` (${conditionNamed(condition)} held it)`
    super(
      `${unreachableTarget[mode]} gave no answer within ${seconds} s, the console's request timeout${why}. ` +
        'The request may still have reached the sandbox. Retry, or change the timeout under Conditions.',
    )
    this.name = 'RequestTimeoutError'
    this.mode = mode
    this.timeoutMs = timeoutMs
  }
}

/** The proxy's own codes for an upstream that gave no sandbox answer: the bank never judged the request. */
const noAnswerCodes: readonly string[] = ['UPSTREAM_UNREACHABLE', 'UPSTREAM_TIMEOUT', 'UPSTREAM_INVALID']

/**
 * Whether no sandbox answered `error`'s request (the proxy, the network or the console's timeout failed it):
 * another read at once would wait the same, and nothing about the account itself can be learned from it.
 */
export function isNoSandboxAnswer(error: unknown): boolean {
  if (error instanceof UnreachableError || error instanceof RequestTimeoutError) return true
  return error instanceof ApiError && error.messages.some((m) => noAnswerCodes.includes(m.code))
}

/** The sandbox's own 404 (tppMessages): a gateway's 404 page says nothing about the account. */
export function isSandboxNotFound(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 404 && error.hasTppMessages
}

/**
 * Offline, the in-browser sandbox's own 404 for an account is final (its data deleted under the console: a
 * reset elsewhere, the browser's site data cleared), unless a test condition answered it.
 */
export function isOfflineAccountGone(error: unknown): boolean {
  return isSandboxNotFound(error) && error.condition === undefined
}

/** The sandbox refused the request's signature or certificate (a 401 of signatureErrorCodes). */
export function isSignatureRefusal(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    error.status === 401 &&
    error.messages.some((m) => (signatureErrorCodes as readonly string[]).includes(m.code))
  )
}
