import type { ConditionKind, ConditionRule, OperationName } from '../../contract'

/** r1, r2, ...: the first number no rule of the set uses, so ids stay short and unique. */
export function nextRuleId(rules: readonly ConditionRule[]): string {
  const used = new Set(rules.map((rule) => rule.id))
  let n = 1
  while (used.has(`r${n}`)) n++
  return `r${n}`
}

/** A new rule of `kind` with the values a tester most often starts from; always on, seed 1. */
export function newRule(id: string, operation: OperationName, kind: ConditionKind): ConditionRule {
  const base = { id, operation, probability: 1, seed: 1 }
  switch (kind) {
    case 'latency':
      return { ...base, kind, minMs: 500, maxMs: 2_000 }
    case 'error':
      return { ...base, kind, status: 503, retryAfterSeconds: 30 }
    case 'quota':
      return { ...base, kind, readsPerDay: 4 }
    case 'timeout':
    case 'reset':
      return { ...base, kind }
  }
}

/** The rule with `change` applied; an optional field emptied is left out, as the wire wants it. */
export function changedRule(rule: ConditionRule, change: Partial<Record<string, unknown>>): ConditionRule {
  const merged: Record<string, unknown> = { ...rule, ...change }
  for (const [key, value] of Object.entries(merged)) if (value === undefined) delete merged[key]
  return merged as ConditionRule
}
