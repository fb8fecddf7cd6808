import {
  type ConditionRule,
  describeCondition,
  type FiredCondition,
  type IsoDate,
  type OperationName,
  type Problem,
  problem,
} from '../contract'
import { mulberry32 } from '../test-data/random'

/** A request as the conditions see it: which operation, on which account (none for the account list). */
export interface ConditionCall {
  operation: OperationName
  accountId?: string | undefined
}

/** What a condition made of a request: let through (maybe later), answered, held or dropped. */
export type ConditionOutcome =
  | { kind: 'pass'; delayMs: number; label: string | undefined }
  | { kind: 'answer'; delayMs: number; label: string; problem: Problem; headers: Record<string, string> }
  | { kind: 'timeout'; delayMs: number; label: string }
  | { kind: 'reset'; delayMs: number; label: string }

/** Reads per operation and account on one day; another day starts from zero. */
export interface QuotaCounts {
  day: IsoDate
  reads: Record<string, number>
}

/** Where the counts live: in memory (the proxy), or persisted by the caller (the browser's storage). */
export interface QuotaStore {
  load(): QuotaCounts | undefined
  save(counts: QuotaCounts): void
}

export interface ConditionsOptions {
  /** The rules now; read at every request, so a change (another tab's) applies at once. */
  rules: () => readonly ConditionRule[]
  /** "Today" for the quotas: the sandbox clock offline, the real date by proxy. */
  today: () => IsoDate
  /** When that day ends, as a quota's refusal tells it; the sandbox clock's unless said. */
  dayEnds?: string
  quotaStore?: QuotaStore
}

export interface Conditions {
  decide(call: ConditionCall): ConditionOutcome
  /** Reads counted today, by `<operation> <accountId>`. */
  quotaReads(): Record<string, number>
  /** Starts every rule's generator again from its seed: the next run repeats the last one exactly. */
  restart(): void
}

/**
 * Decides, per request, which rule fires. Rules of the request's operation are tried in their order,
 * each drawing from its own seeded generator whether or not it fires, so a run of the same requests
 * under the same rules repeats exactly. Latency adds up and lets the request through; the first rule
 * that answers (an error, a quota, a timeout, a reset) ends it. Only a read that gets through counts
 * towards a quota: one answered by a condition never reached the sandbox.
 */
export function createConditions({
  rules,
  today,
  dayEnds = "when the sandbox clock's day ends",
  quotaStore = memoryQuotaStore(),
}: ConditionsOptions): Conditions {
  let streams = new Map<string, () => number>()
  let streamsOf = ''

  const draw = (rule: ConditionRule): (() => number) => {
    const key = JSON.stringify(rule)
    let stream = streams.get(key)
    if (stream === undefined) {
      stream = mulberry32(rule.seed)
      streams.set(key, stream)
    }
    return stream
  }

  const countsToday = (): QuotaCounts => {
    const day = today()
    const stored = quotaStore.load()
    return stored?.day === day ? stored : { day, reads: {} }
  }

  /** The rules now: changed rules start a new run. */
  const rulesOfTheRun = (): readonly ConditionRule[] => {
    const current = rules()
    const signature = JSON.stringify(current)
    if (signature !== streamsOf) {
      streams = new Map()
      streamsOf = signature
    }
    return current
  }

  /**
   * Draws for `rule` and applies it: a latency that fires adds to the request's delay and labels so far;
   * a rule that fires and answers (a quota only once its reads are spent) ends the request.
   */
  const applyRule = (
    rule: ConditionRule,
    quotaKey: string,
    soFar: { delayMs: number; labels: string[] },
  ): ConditionOutcome | undefined => {
    const next = draw(rule)
    const fires = next() < rule.probability
    if (rule.kind === 'latency') {
      // Drawn whether or not it fires, so that the run repeats.
      const ms = rule.minMs + Math.floor(next() * (rule.maxMs - rule.minMs + 1))
      if (fires) {
        soFar.delayMs += ms
        soFar.labels.push(describeCondition(rule))
      }
      return undefined
    }
    if (!fires) return undefined
    if (rule.kind === 'quota' && (countsToday().reads[quotaKey] ?? 0) < rule.readsPerDay) return undefined
    const label = [...soFar.labels, describeCondition(rule)].join('; ')
    if (rule.kind === 'timeout' || rule.kind === 'reset')
      return { kind: rule.kind, delayMs: soFar.delayMs, label }
    return { kind: 'answer', delayMs: soFar.delayMs, label, ...answerOf(rule, dayEnds) }
  }

  /** Counts a read that got through towards each quota on its operation, and says what each has left. */
  const countRead = (current: readonly ConditionRule[], operation: OperationName, quotaKey: string) => {
    const quotas = current.filter(
      (rule): rule is Extract<ConditionRule, { kind: 'quota' }> =>
        rule.operation === operation && rule.kind === 'quota',
    )
    if (quotas.length === 0) return []
    const counts = countsToday()
    const reads = (counts.reads[quotaKey] ?? 0) + 1
    quotaStore.save({ ...counts, reads: { ...counts.reads, [quotaKey]: reads } })
    // A counted read says so in words, so the tester sees the quota run down before the 429.
    return quotas.map((rule) => quotaLeftLabel(rule, reads))
  }

  return {
    decide({ operation, accountId }) {
      const current = rulesOfTheRun()
      const quotaKey = `${operation} ${accountId ?? ''}`
      const soFar = { delayMs: 0, labels: [] as string[] }
      for (const rule of current) {
        if (rule.operation !== operation) continue
        const answered = applyRule(rule, quotaKey, soFar)
        if (answered) return answered
      }
      const labels = [...soFar.labels, ...countRead(current, operation, quotaKey)]
      return {
        kind: 'pass',
        delayMs: soFar.delayMs,
        label: labels.length === 0 ? undefined : labels.join('; '),
      }
    },
    quotaReads: () => countsToday().reads,
    restart() {
      streams = new Map()
    },
  }
}

/** `q: 3 of 4 reads left today` after the `reads`th read of the day. */
export function quotaLeftLabel(rule: Extract<ConditionRule, { kind: 'quota' }>, reads: number): string {
  const left = Math.max(0, rule.readsPerDay - reads)
  return `${rule.id}: ${left} of ${rule.readsPerDay} ${rule.readsPerDay === 1 ? 'read' : 'reads'} left today`
}

/** The Berlin Group answer of a rule that answers itself. */
function answerOf(
  rule: Extract<ConditionRule, { kind: 'error' | 'quota' }>,
  dayEnds: string,
): {
  problem: Problem
  headers: Record<string, string>
} {
  if (rule.kind === 'quota') {
    const text = `The access limit of ${rule.readsPerDay} reads a day of this account is exceeded; it resets ${dayEnds}`
    return { problem: problem(429, 'ACCESS_EXCEEDED', text), headers: {} }
  }
  const retryAfter =
    rule.retryAfterSeconds === undefined ? {} : { 'Retry-After': String(rule.retryAfterSeconds) }
  const answer =
    rule.status === 503
      ? problem(503, 'SERVICE_UNAVAILABLE', 'The service is unavailable; try again later')
      : problem(500, 'INTERNAL_SERVER_ERROR', 'The service failed to answer the request')
  return { problem: answer, headers: retryAfter }
}

export function memoryQuotaStore(): QuotaStore {
  let counts: QuotaCounts | undefined
  return {
    load: () => counts,
    save(next) {
      counts = next
    },
  }
}

/** The last few answers conditions decided, by request id: a dropped connection carries no header. */
export interface FiredLog {
  add(requestId: string | undefined, condition: string): void
  find(requestId: string): FiredCondition | undefined
  list(): FiredCondition[]
}

export function createFiredLog(limit = 50, now: () => Date = () => new Date()): FiredLog {
  let entries: FiredCondition[] = []
  return {
    add(requestId, condition) {
      if (requestId === undefined) return
      entries = [{ requestId, condition, at: now().toISOString() }, ...entries].slice(0, limit)
    },
    find: (requestId) => entries.find((entry) => entry.requestId === requestId),
    list: () => entries,
  }
}
