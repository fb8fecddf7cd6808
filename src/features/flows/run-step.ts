import { type ApiClient, ApiError, corporateIdToSend, type RequestLogEntry } from '../../api'
import { type OperationName, operationOf } from '../../contract'
import type { FlowStep } from '../../contract/flow'
import type { TamperScenario } from '../../signing/tamper-scenarios'
import { accountView } from '../card-accounts'
import type { ViewState } from '../view-state'

/** What the steps run so far left behind: the account the flow created last. */
export interface FlowContext {
  account?: string | undefined
}

export interface StepOutcome {
  context: FlowContext
  /** The HTTP status the step's request got; undefined when none came back. */
  status: number | undefined
  ok: boolean
  /** One line for the audience: what happened, in words. */
  summary: string
  /** Where the console's view goes, so the table shows the step's effect. */
  view: Partial<ViewState>
  /** The request log's entry of the request the step sent; undefined when none was sent. */
  sent?: number | undefined
}

const operationOfStep: Record<FlowStep['action'], OperationName> = {
  createAccount: 'createCardAccount',
  addTransactions: 'createTransactions',
  readAccount: 'getCardAccount',
  readTransactions: 'listTransactions',
}

/**
 * Runs one step through the console's own API client, in the current mode, so its request is signed, logged
 * in the inspector and shaped by the conditions like any other. A step's tamper is set on the header's
 * Signature switch (and cleared by a step without one): the table's own read then fails the same way.
 */
export async function runStep(api: ApiClient, step: FlowStep, context: FlowContext): Promise<StepOutcome> {
  const before = api.log.snapshot()[0]?.id ?? 0
  const outcome = await run(api, step, context)
  return { ...outcome, sent: firstSentAfter(api.log.snapshot(), before, operationOfStep[step.action])?.id }
}

/**
 * The first request of `operation` logged after the entry `after` (the log is newest first): the one the step
 * sent, even when the table's own reads came in before the step's answer.
 */
function firstSentAfter(
  log: ReturnType<ApiClient['log']['snapshot']>,
  after: number,
  operation: OperationName,
): RequestLogEntry | undefined {
  return log
    .filter((entry): entry is RequestLogEntry => entry.kind === 'request' && entry.id > after)
    .reverse()
    .find((entry) => operationOf(entry.method, entry.url) === operation)
}

/** The Signature switch as the step sets it: its own tamper, else a correct signature. */
export function tamperOf(step: FlowStep): TamperScenario | undefined {
  return step.action === 'readTransactions' ? step.tamper : undefined
}

async function run(api: ApiClient, step: FlowStep, context: FlowContext): Promise<StepOutcome> {
  api.settings.tamper.write(tamperOf(step))
  try {
    return await send(api, step, context)
  } catch (error) {
    return failed(error, step, context)
  }
}

/** A step whose request failed: its status and the error's first line, the view on its account. */
function failed(error: unknown, step: FlowStep, context: FlowContext): StepOutcome {
  const status = error instanceof ApiError ? error.status : undefined
  const reason = error instanceof Error ? error.message.split('\n')[0] : String(error)
  const account = 'account' in step ? (step.account ?? context.account) : context.account
  return {
    context,
    status,
    ok: false,
    summary: status === undefined ? `Failed: ${reason}` : `HTTP ${status}: ${reason}`,
    view: account === undefined ? {} : { account },
  }
}

async function send(api: ApiClient, step: FlowStep, context: FlowContext): Promise<StepOutcome> {
  switch (step.action) {
    case 'createAccount': {
      const created = await api.createCardAccount(step.body)
      if (created.id === undefined) {
        return { context, status: 201, ok: false, summary: 'Created, but the answer named no id', view: {} }
      }
      return {
        context: { account: created.id },
        status: 201,
        ok: true,
        summary: `201 Created: card account ${step.body.maskedPan}`,
        view: { account: created.id, offset: 0 },
      }
    }
    case 'addTransactions': {
      const account = accountOf(step, context)
      await api.createTransactions(account, step.body, { corporateId: await corporateIdFor(api, account) })
      const count = step.body.length === 1 ? '1 transaction' : `${step.body.length} transactions`
      return {
        context,
        status: 201,
        ok: true,
        summary: `201 Created: ${count}`,
        view: { account, status: 'both', offset: 0 },
      }
    }
    case 'readAccount': {
      const account = accountOf(step, context)
      await api.getCardAccount(account, { corporateId: await corporateIdFor(api, account) })
      return { context, status: 200, ok: true, summary: '200 OK: the card account', view: { account } }
    }
    case 'readTransactions': {
      const account = accountOf(step, context)
      const params = {
        bookingStatus: step.bookingStatus,
        fromDate: step.fromDate,
        toDate: step.toDate,
      }
      const corporateId = await corporateIdFor(api, account)
      const page = await api.listTransactions(account, params, { fix: step.fix, corporateId })
      const rows =
        page.kind === 'read'
          ? page.value.cardTransactions.booked.length + page.value.cardTransactions.pending.length
          : undefined
      return {
        context,
        status: 200,
        ok: true,
        summary:
          rows === undefined ? '200 OK' : `200 OK: ${rows} ${rows === 1 ? 'transaction' : 'transactions'}`,
        view: {
          account,
          status: step.bookingStatus,
          from: step.fromDate,
          to: step.toDate,
          fix: step.fix ?? false,
          offset: 0,
        },
      }
    }
  }
}

/**
 * The PSU-Corporate-ID the table sends for `account` (src/api/corporate-id.ts decides), from what the book
 * knows of it: the flow's own accounts are there with the sandbox's answer to their create.
 */
async function corporateIdFor(api: ApiClient, account: string): Promise<string | undefined> {
  const entry = api.book.of(await api.upstream()).entries.find(({ id }) => id === account)
  return corporateIdToSend(accountView(account, entry?.account, entry?.maskedPan))
}

function accountOf(step: { account?: string | undefined }, context: FlowContext): string {
  const account = step.account ?? context.account
  if (account === undefined) throw new Error('No card account yet: the flow has not created one')
  return account
}
