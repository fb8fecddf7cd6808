import { type OperationName, routes } from './routes'
import { z } from './zod'

/**
 * Conditions: faults, latency and quotas a tester sets per operation, applied before the sandbox (offline)
 * or before the proxy forwards (proxy mode), so an injected answer changes nothing stored and never
 * reaches the bank. Serialisable as they are: scenarios save them.
 */

/** The proxy's route for its conditions, outside `/api` and under `/api`'s rules (as /console/connection). */
export const CONSOLE_CONDITIONS_PATH = '/console/conditions'

/** The PSD2 rule: four reads of an account a day without the PSU present. */
export const PSD2_READS_PER_DAY = 4

const operationNames = Object.keys(routes) as [OperationName, ...OperationName[]]

const ruleBase = z.object({
  /** Names the rule in answers and the inspector; unique within a set. */
  id: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,40}$/, 'id must be 1 to 40 letters, digits, - or _')),
  operation: z.enum(operationNames),
  /** How often it fires, 0 to 1; each rule draws from its own generator seeded by `seed`. */
  probability: z.number().check(z.gte(0), z.lte(1)),
  seed: z.number().check(z.int(), z.gte(0), z.lte(0xffffffff)),
})

const milliseconds = z.number().check(z.int(), z.gte(0), z.lte(600_000))

export const conditionRule = z.discriminatedUnion('kind', [
  /** Holds the answer minMs to maxMs (equal: fixed), then lets the request through. */
  z.extend(ruleBase, { kind: z.literal('latency'), minMs: milliseconds, maxMs: milliseconds }),
  /** Answers 500 or 503 itself; a Retry-After (seconds) when given. */
  z.extend(ruleBase, {
    kind: z.literal('error'),
    status: z.union([z.literal(500), z.literal(503)]),
    retryAfterSeconds: z.optional(z.number().check(z.int(), z.gte(0), z.lte(86_400))),
  }),
  /** Answers 429 ACCESS_EXCEEDED once an account had `readsPerDay` reads of the operation today. */
  z.extend(ruleBase, {
    kind: z.literal('quota'),
    readsPerDay: z.number().check(z.int(), z.gte(0), z.lte(1_000_000)),
  }),
  /** Never answers in time: held until the client gives up (or the proxy's upstream timeout, a 504). */
  z.extend(ruleBase, { kind: z.literal('timeout') }),
  /** Drops the connection: no HTTP answer at all. */
  z.extend(ruleBase, { kind: z.literal('reset') }),
])
export type ConditionRule = z.infer<typeof conditionRule>
export type ConditionKind = ConditionRule['kind']

export const conditionKinds = [
  'latency',
  'error',
  'quota',
  'timeout',
  'reset',
] as const satisfies readonly ConditionKind[]

export const conditionSet = z.object({ rules: z.array(conditionRule).check(z.maxLength(100)) }).check(
  z.superRefine(({ rules }, ctx) => {
    const ids = new Set<string>()
    rules.forEach((rule, index) => {
      if (ids.has(rule.id)) {
        ctx.addIssue({ code: 'custom', path: ['rules', index, 'id'], message: `id ${rule.id} is used twice` })
      }
      ids.add(rule.id)
      if (rule.kind === 'latency' && rule.minMs > rule.maxMs) {
        ctx.addIssue({ code: 'custom', path: ['rules', index, 'maxMs'], message: 'maxMs is below minMs' })
      }
      // A quota counts reads: only an operation that reads can exceed it.
      if (rule.kind === 'quota' && routes[rule.operation].method !== 'GET') {
        ctx.addIssue({
          code: 'custom',
          path: ['rules', index, 'operation'],
          message: `a quota counts reads; ${rule.operation} is not one`,
        })
      }
    })
  }),
)
export type ConditionSet = z.infer<typeof conditionSet>

export const emptyConditionSet: ConditionSet = { rules: [] }

/** One answer a condition decided, for the inspector of a request that got no HTTP answer to carry it. */
export const firedCondition = z.object({
  requestId: z.string(),
  /** As in the X-Console-Condition header. */
  condition: z.string(),
  /** ISO 8601 instant. */
  at: z.string(),
})
export type FiredCondition = z.infer<typeof firedCondition>

/** What `GET /console/conditions` answers (and `PUT` with the new set). */
export const conditionsState = z.object({
  rules: z.array(conditionRule),
  /** How long the proxy holds a timed-out request before its own 504 (UPSTREAM_TIMEOUT_MS). */
  upstreamTimeoutMs: z.number().check(z.int(), z.gte(1)),
  /** The newest first, a bounded few. */
  fired: z.array(firedCondition),
})
export type ConditionsState = z.infer<typeof conditionsState>

/**
 * What the console calls the rules an X-Console-Condition value names (`Condition r2: 503`): the inspector's
 * badge and every message about a request a condition shaped or dropped say it in these words, so a tester
 * finds the one in the other.
 */
export function conditionNamed(header: string): string {
  return `Condition ${header}`
}

/** The rule in a few ASCII words (a header value), e.g. `r2: 503 Retry-After 30 s`. */
export function describeCondition(rule: ConditionRule): string {
  return `${rule.id}: ${conditionLabel(rule)}`
}

export function conditionLabel(rule: ConditionRule): string {
  switch (rule.kind) {
    case 'latency':
      return rule.minMs === rule.maxMs ? `latency ${rule.minMs} ms` : `latency ${rule.minMs}-${rule.maxMs} ms`
    case 'error':
      return rule.retryAfterSeconds === undefined
        ? String(rule.status)
        : `${rule.status} Retry-After ${rule.retryAfterSeconds} s`
    case 'quota':
      return `429 after ${rule.readsPerDay} reads a day`
    case 'timeout':
      return 'timeout'
    case 'reset':
      return 'connection reset'
  }
}

/** The PSD2 four-a-day rule on a read operation, always on. */
export function psd2QuotaRule(id: string, operation: OperationName): ConditionRule {
  return { id, operation, kind: 'quota', readsPerDay: PSD2_READS_PER_DAY, probability: 1, seed: 1 }
}
