import { MAX_REQUEST_TIMEOUT_MS, MIN_REQUEST_TIMEOUT_MS } from '../../api'
import { type ConditionRule, conditionSet } from '../../contract'
import { capitalised } from '../form-errors'

/** The label on screen of each number of a rule: the one place its wire name becomes the tester's words. */
export const ruleFieldLabels = {
  minMs: 'Min ms',
  maxMs: 'Max ms',
  retryAfterSeconds: 'Retry-After (s)',
  readsPerDay: 'Reads a day',
  probability: 'Probability',
  seed: 'Seed',
} as const
export type RuleField = keyof typeof ruleFieldLabels

/** What the Conditions form refuses before it saves: messages by field, and those no field holds. */
export interface ConditionsFormErrors {
  timeout?: string | undefined
  /** By `ruleFieldKey`. */
  fields: ReadonlyMap<string, string>
  general: readonly string[]
}

export const ruleFieldKey = (ruleId: string, field: string) => `${ruleId} ${field}`

export function hasErrors(errors: ConditionsFormErrors): boolean {
  return errors.timeout !== undefined || errors.fields.size > 0 || errors.general.length > 0
}

/**
 * The timeout against the bounds the console keeps it in, and the rules against the contract's condition
 * set, the rules the sandbox and the proxy apply, each message naming its rule in the words of the labels.
 */
export function conditionsFormErrors(
  rules: readonly ConditionRule[],
  timeoutSeconds: string,
): ConditionsFormErrors {
  const timeout = timeoutProblem(timeoutSeconds)
  const fields = new Map<string, string>()
  const general: string[] = []
  for (const issue of conditionSet.safeParse({ rules }).error?.issues ?? []) {
    const [, index, field] = issue.path
    const rule = typeof index === 'number' ? rules[index] : undefined
    if (rule !== undefined && typeof field === 'string' && field in ruleFieldLabels) {
      const key = ruleFieldKey(rule.id, field)
      fields.set(key, fields.get(key) ?? `Rule ${rule.id}: ${inWords(field as RuleField, issue)}`)
    } else {
      general.push(`${rule === undefined ? '' : `Rule ${rule.id}: `}${capitalised(labelled(issue.message))}`)
    }
  }
  return { timeout, fields, general }
}

/** Why the typed console request timeout cannot be kept, if it cannot: outside the bounds the console keeps. */
export function timeoutProblem(timeoutSeconds: string): string | undefined {
  const ms = Number(timeoutSeconds) * 1000
  return timeoutSeconds.trim() !== '' && ms >= MIN_REQUEST_TIMEOUT_MS && ms <= MAX_REQUEST_TIMEOUT_MS
    ? undefined
    : `Console request timeout must be from ${MIN_REQUEST_TIMEOUT_MS / 1000} to ${MAX_REQUEST_TIMEOUT_MS / 1000} seconds`
}

interface Issue {
  code: string
  message: string
  minimum?: unknown
  maximum?: unknown
  expected?: unknown
}

/** A number the contract refuses, said with its label and the bound it crossed. */
function inWords(field: RuleField, issue: Issue): string {
  const label = ruleFieldLabels[field]
  // "at most 1" alone reads as a count: it is a share of the requests.
  if (field === 'probability' && (issue.code === 'too_small' || issue.code === 'too_big'))
    return `${label} must be a fraction from 0 to 1 (0.25 fires on one request in four)`
  if (issue.code === 'too_small') return `${label} must be at least ${issue.minimum}`
  if (issue.code === 'too_big') return `${label} must be at most ${issue.maximum}`
  if (issue.code === 'invalid_type')
    return `${label} must be ${issue.expected === 'int' ? 'a whole number' : 'a number'}`
  const words = labelled(issue.message)
  return words.startsWith(label) ? words : `${label}: ${words}`
}

const wireName = new RegExp(`\\b(${Object.keys(ruleFieldLabels).join('|')})\\b`, 'g')

/** The contract's own sentences ("maxMs is below minMs") with the labels for the wire names. */
function labelled(message: string): string {
  return message.replace(wireName, (name) => ruleFieldLabels[name as RuleField])
}
