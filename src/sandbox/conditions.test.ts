import { describe, expect, it } from 'vitest'
import { type ConditionRule, conditionSet, type IsoDate, psd2QuotaRule } from '../contract'
import { type ConditionOutcome, createConditions, createFiredLog } from './conditions'

const reads = { operation: 'listTransactions', accountId: 'acc-1' } as const

function conditionsOf(rules: ConditionRule[], today: () => IsoDate = () => '2026-03-01') {
  let current = rules
  const conditions = createConditions({ rules: () => current, today })
  return { conditions, setRules: (next: ConditionRule[]) => (current = next) }
}

const kinds = (outcomes: ConditionOutcome[]) => outcomes.map((o) => o.kind)

describe('a seeded run', () => {
  const flaky: ConditionRule[] = [
    {
      id: 'slow',
      operation: 'listTransactions',
      kind: 'latency',
      minMs: 100,
      maxMs: 900,
      probability: 0.7,
      seed: 7,
    },
    { id: 'down', operation: 'listTransactions', kind: 'error', status: 503, probability: 0.3, seed: 42 },
  ]

  it('repeats exactly with the same rules, and a restart begins it again', () => {
    const first = conditionsOf(flaky).conditions
    const second = conditionsOf(flaky).conditions
    const run = (c: typeof first) => Array.from({ length: 40 }, () => c.decide(reads))
    const a = run(first)
    expect(run(second)).toEqual(a)
    first.restart()
    expect(run(first)).toEqual(a)
    // Not a constant: both outcomes and several delays occur in forty requests.
    expect(new Set(kinds(a))).toEqual(new Set(['pass', 'answer']))
    expect(new Set(a.map((o) => o.delayMs)).size).toBeGreaterThan(5)
    for (const o of a) if (o.delayMs > 0) expect(o.delayMs).toBeGreaterThanOrEqual(100)
    for (const o of a) expect(o.delayMs).toBeLessThanOrEqual(900)
  })

  it('another seed makes another run', () => {
    const other = flaky.map((rule) => ({ ...rule, seed: rule.seed + 1 }))
    const run = (rules: ConditionRule[]) => {
      const { conditions } = conditionsOf(rules)
      return Array.from({ length: 40 }, () => conditions.decide(reads))
    }
    expect(run(other)).not.toEqual(run(flaky))
  })

  it('changed rules start a new run from their seeds; the same rules go on with theirs', () => {
    const { conditions, setRules } = conditionsOf(flaky)
    const a = Array.from({ length: 10 }, () => conditions.decide(reads))
    setRules([...flaky])
    expect(Array.from({ length: 10 }, () => conditions.decide(reads))).not.toEqual(a)
    setRules(flaky.map((rule) => ({ ...rule, probability: 1 })))
    expect(kinds(Array.from({ length: 3 }, () => conditions.decide(reads)))).toEqual([
      'answer',
      'answer',
      'answer',
    ])
    setRules(flaky)
    expect(Array.from({ length: 10 }, () => conditions.decide(reads))).toEqual(a)
  })

  it('probability 0 never fires, and rules of other operations never apply', () => {
    const { conditions } = conditionsOf([
      { id: 'never', operation: 'listTransactions', kind: 'reset', probability: 0, seed: 1 },
      { id: 'other', operation: 'getCardAccount', kind: 'reset', probability: 1, seed: 1 },
    ])
    expect(Array.from({ length: 20 }, () => conditions.decide(reads).kind)).toEqual(Array(20).fill('pass'))
  })
})

describe('answers', () => {
  it('a 503 with Retry-After, in the tppMessages shape, labelled with its rule', () => {
    const { conditions } = conditionsOf([
      {
        id: 'r1',
        operation: 'listTransactions',
        kind: 'latency',
        minMs: 250,
        maxMs: 250,
        probability: 1,
        seed: 1,
      },
      {
        id: 'r2',
        operation: 'listTransactions',
        kind: 'error',
        status: 503,
        retryAfterSeconds: 30,
        probability: 1,
        seed: 1,
      },
    ])
    expect(conditions.decide(reads)).toEqual({
      kind: 'answer',
      delayMs: 250,
      label: 'r1: latency 250 ms; r2: 503 Retry-After 30 s',
      headers: { 'Retry-After': '30' },
      problem: {
        status: 503,
        messages: [
          {
            category: 'ERROR',
            code: 'SERVICE_UNAVAILABLE',
            text: 'The service is unavailable; try again later',
          },
        ],
      },
    })
  })

  it('a 500, a timeout and a reset', () => {
    const one = (rule: { kind: ConditionRule['kind'] } & Record<string, unknown>) =>
      conditionsOf([
        { id: 'x', operation: 'listTransactions', probability: 1, seed: 3, ...rule } as ConditionRule,
      ]).conditions.decide(reads)
    expect(one({ kind: 'error', status: 500 })).toMatchObject({
      kind: 'answer',
      label: 'x: 500',
      headers: {},
      problem: { status: 500, messages: [{ code: 'INTERNAL_SERVER_ERROR' }] },
    })
    expect(one({ kind: 'timeout' })).toEqual({ kind: 'timeout', delayMs: 0, label: 'x: timeout' })
    expect(one({ kind: 'reset' })).toEqual({ kind: 'reset', delayMs: 0, label: 'x: connection reset' })
  })
})

describe('the daily quota', () => {
  it('answers 429 ACCESS_EXCEEDED after the Nth read of an account, counted per account', () => {
    const { conditions } = conditionsOf([psd2QuotaRule('psd2', 'listTransactions')])
    expect(kinds(Array.from({ length: 5 }, () => conditions.decide(reads)))).toEqual([
      'pass',
      'pass',
      'pass',
      'pass',
      'answer',
    ])
    expect(conditions.decide(reads)).toMatchObject({
      label: 'psd2: 429 after 4 reads a day',
      problem: {
        status: 429,
        messages: [
          {
            code: 'ACCESS_EXCEEDED',
            text: "The access limit of 4 reads a day of this account is exceeded; it resets when the sandbox clock's day ends",
          },
        ],
      },
    })
    expect(conditions.decide({ ...reads, accountId: 'acc-2' }).kind).toBe('pass')
    expect(conditions.quotaReads()).toEqual({ 'listTransactions acc-1': 4, 'listTransactions acc-2': 1 })
  })

  it('says on every read it counted how many are left today', () => {
    const { conditions } = conditionsOf([psd2QuotaRule('psd2', 'listTransactions')])
    expect(Array.from({ length: 5 }, () => conditions.decide(reads).label)).toEqual([
      'psd2: 3 of 4 reads left today',
      'psd2: 2 of 4 reads left today',
      'psd2: 1 of 4 reads left today',
      'psd2: 0 of 4 reads left today',
      'psd2: 429 after 4 reads a day',
    ])
  })

  it('resets when "today" passes midnight', () => {
    let today: IsoDate = '2026-03-01'
    const { conditions } = conditionsOf([psd2QuotaRule('psd2', 'listTransactions')], () => today)
    for (let i = 0; i < 4; i++) conditions.decide(reads)
    expect(conditions.decide(reads).kind).toBe('answer')
    today = '2026-03-02'
    expect(conditions.decide(reads).kind).toBe('pass')
    expect(conditions.quotaReads()).toEqual({ 'listTransactions acc-1': 1 })
  })

  it('a read another condition answered does not count', () => {
    let rules: ConditionRule[] = [
      { id: 'q', operation: 'listTransactions', kind: 'quota', readsPerDay: 1, probability: 1, seed: 1 },
      { id: 'down', operation: 'listTransactions', kind: 'error', status: 500, probability: 1, seed: 1 },
    ]
    const conditions = createConditions({ rules: () => rules, today: () => '2026-03-01' })
    conditions.decide(reads)
    rules = [rules[0] as ConditionRule]
    expect(conditions.decide(reads).kind).toBe('pass')
    expect(conditions.decide(reads).kind).toBe('answer')
  })
})

describe('the condition set', () => {
  it('refuses a quota on a write, a range upside down and a repeated id', () => {
    const parsed = conditionSet.safeParse({
      rules: [
        { id: 'a', operation: 'createTransactions', kind: 'quota', readsPerDay: 4, probability: 1, seed: 1 },
        {
          id: 'a',
          operation: 'listTransactions',
          kind: 'latency',
          minMs: 500,
          maxMs: 100,
          probability: 1,
          seed: 1,
        },
      ],
    })
    expect(parsed.success).toBe(false)
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([
      'a quota counts reads; createTransactions is not one',
      'id a is used twice',
      'maxMs is below minMs',
    ])
  })
})

describe('the fired log', () => {
  it('finds what fired by request id, newest first, within its limit', () => {
    const log = createFiredLog(2, () => new Date('2026-03-01T10:00:00Z'))
    log.add('one', 'r: timeout')
    log.add(undefined, 'ignored')
    log.add('two', 'r: connection reset')
    log.add('three', 'r: 500')
    expect(log.find('two')).toEqual({
      requestId: 'two',
      condition: 'r: connection reset',
      at: '2026-03-01T10:00:00.000Z',
    })
    expect(log.find('one')).toBeUndefined()
    expect(log.list().map((entry) => entry.requestId)).toEqual(['three', 'two'])
  })
})
