import type { RequestLogEntry } from '../../api'
import { API_BASE, headerNames, matchOperation, SWAP_AMOUNTS_FIX } from '../../contract'
import { type Flow, type FlowStep, flowStep } from '../../contract/flow'

/**
 * A flow from the requests the inspector logged (oldest first): each request of the operation the console
 * sent and the sandbox accepted becomes a step; an account the recorded flow created itself is left out of
 * later steps, so the flow creates a fresh one each time it runs. Reads the console made on its own (the
 * account list, the clock) and failed writes are not steps; a read that failed is, with its tamper.
 */
export function recordFlow(entries: readonly RequestLogEntry[], name: string): Flow | undefined {
  const steps = recordedSteps(entries).map(({ step }) => step)
  return steps.length === 0 ? undefined : { name, steps }
}

/** The requests `recordFlow` would turn into steps, oldest first: what a user picks from before saving. */
export function recordableRequests(entries: readonly RequestLogEntry[]): RequestLogEntry[] {
  return recordedSteps(entries).map(({ entry }) => entry)
}

function recordedSteps(entries: readonly RequestLogEntry[]): { entry: RequestLogEntry; step: FlowStep }[] {
  const recorded: { entry: RequestLogEntry; step: FlowStep }[] = []
  // The account the flow created last stays implicit: each run works on the one it has just created.
  let createdLast: string | undefined
  const ref = (id: string): AccountRef => (id === createdLast ? {} : { account: id })
  for (const entry of entries) {
    const step = flowStep.safeParse(candidateStep(entry, ref))
    if (!step.success) continue
    // The table reads again what a step just read: the same read twice in a row is one step.
    if (sameStep(recorded.at(-1)?.step, step.data)) continue
    recorded.push({ entry, step: step.data })
    if (step.data.action === 'createAccount') createdLast = createdAccountId(entry)
  }
  return recorded
}

type AccountRef = { account?: string }

/** The step a logged request would be, for flowStep to check; undefined for a request that is no step. */
function candidateStep(entry: RequestLogEntry, ref: (id: string) => AccountRef): unknown {
  const url = new URL(entry.url, 'http://console.invalid')
  const servicePath = url.pathname.startsWith(`${API_BASE}/`)
    ? url.pathname.slice(API_BASE.length)
    : url.pathname
  const match = matchOperation(entry.method, servicePath)
  if (match.kind !== 'operation') return undefined
  const id = match.params.mockCardAccountId
  const ok = entry.status !== undefined && entry.status < 300
  switch (match.operation.name) {
    case 'createCardAccount':
      return ok
        ? { action: 'createAccount', caption: 'Create a card account', body: json(entry.requestBody) }
        : undefined
    case 'createTransactions':
      return ok && id !== undefined
        ? {
            action: 'addTransactions',
            caption: 'Add transactions',
            ...ref(id),
            body: json(entry.requestBody),
          }
        : undefined
    case 'listTransactions':
      return id === undefined ? undefined : readStep(entry, url, ref(id))
    default:
      return undefined
  }
}

/** A read of transactions as sent: its query, and the fix and tamper its headers asked for. */
function readStep(entry: RequestLogEntry, url: URL, account: AccountRef) {
  const header = (name: string) =>
    entry.requestHeaders.find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1]
  const tamper = header(headerNames.consoleTamper)
  const fix = header(headerNames.acceptFix)?.includes(SWAP_AMOUNTS_FIX) === true
  const status = url.searchParams.get('bookingStatus') ?? 'both'
  return {
    action: 'readTransactions',
    caption: `Read ${status}${fix ? ' with the accept-fix swap' : ''}${tamper ? ` (${tamper})` : ''}`,
    ...account,
    bookingStatus: status,
    ...optional('fromDate', url.searchParams.get('fromDate')),
    ...optional('toDate', url.searchParams.get('toDate')),
    ...(fix ? { fix } : {}),
    ...(tamper ? { tamper } : {}),
  }
}

/** The id the sandbox gave the account a step created, from its answer. */
function createdAccountId(entry: RequestLogEntry): string | undefined {
  const answer = json(entry.responseBody)
  return typeof answer === 'object' && answer !== null && 'resourceId' in answer
    ? String(answer.resourceId)
    : undefined
}

function sameStep(a: FlowStep | undefined, b: FlowStep): boolean {
  return a?.action === 'readTransactions' && JSON.stringify(a) === JSON.stringify(b)
}

function json(text: string | undefined): unknown {
  if (text === undefined) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

function optional(key: string, value: string | null): Record<string, string> {
  return value === null ? {} : { [key]: value }
}
