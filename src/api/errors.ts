import { type TppMessage, tppMessagesBody } from '../contract'
import { type Mode, modeLabels } from './mode'

/** The sandbox (or the proxy) answered with an error status; `messages` are its tppMessages. */
export class ApiError extends Error {
  readonly status: number
  readonly messages: TppMessage[]

  constructor(status: number, messages: TppMessage[]) {
    super(messages.map((m) => `${m.code}: ${m.text}`).join('\n') || `HTTP ${status}`)
    this.name = 'ApiError'
    this.status = status
    this.messages = messages
  }

  /** From an error answer's body; a body that is not tppMessages still becomes one readable message. */
  static fromBody(status: number, body: unknown): ApiError {
    const parsed = tppMessagesBody.safeParse(body)
    if (parsed.success) return new ApiError(status, parsed.data.tppMessages)
    return new ApiError(status, [
      { category: 'ERROR', code: `HTTP_${status}`, text: 'The answer carried no tppMessages.' },
    ])
  }
}

/** Nothing that speaks the sandbox's API answered: names the mode, so the user knows what to fix. */
export class UnreachableError extends Error {
  readonly mode: Mode

  constructor(mode: Mode, detail: string) {
    super(`${unreachableTarget[mode]} did not answer: ${detail}`)
    this.name = 'UnreachableError'
    this.mode = mode
  }
}

const unreachableTarget: Record<Mode, string> = {
  offline: `The in-browser sandbox (${modeLabels.offline})`,
  proxy: `The proxy at /api (${modeLabels.proxy})`,
}

/** An answer that is not what the contract promises (a bug on one side or the other). */
export class ContractError extends Error {
  constructor(what: string, issues: string) {
    super(`${what} did not match the contract: ${issues}`)
    this.name = 'ContractError'
  }
}
