import { isJsonNumber, type Problem, problem, problemFromZod } from '../contract'
import { z } from '../contract/zod'

export function unknownCardAccount(id: string): Problem {
  return problem(404, 'RESOURCE_UNKNOWN', `card account ${id} does not exist`, 'mockCardAccountId')
}

export function unknownTransaction(accountId: string, cardTransactionId: string): Problem {
  return problem(
    404,
    'RESOURCE_UNKNOWN',
    `card account ${accountId} has no transaction ${cardTransactionId}`,
    'cardTransactionId',
  )
}

/**
 * A request body through its schema, a refusal in the sandbox's words rather than zod's
 * ({@link problemFromBody}). The value of each issue is kept, as those words say what kind it was.
 */
export function parseBody<T>(
  schema: z.ZodMiniType<T>,
  body: unknown,
): { success: true; data: T } | { success: false; problem: Problem } {
  const parsed = schema.safeParse(body, { reportInput: true })
  return parsed.success
    ? { success: true, data: parsed.data }
    : { success: false, problem: problemFromBody(parsed.error) }
}

/**
 * {@link problemFromZod} for a request body: a value of the wrong JSON kind "must be a JSON object, not an
 * array", as the proxy says it of a whole body, and each field the operation does not take is named at its
 * own path, as the query's are (zod says "Unrecognized key" at the object's, none for the body itself).
 */
function problemFromBody(error: z.core.$ZodError): Problem {
  return problemFromZod(new z.core.$ZodError(error.issues.flatMap(inBodyWords)))
}

const JSON_KINDS: Readonly<Record<string, string>> = { object: 'a JSON object', array: 'a JSON array' }

function inBodyWords(issue: z.core.$ZodIssue): z.core.$ZodIssue[] {
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => ({
      code: 'custom' as const,
      path: [...issue.path, key],
      message: 'is not a field this operation takes',
      input: undefined,
    }))
  }
  const kind = issue.code === 'invalid_type' ? JSON_KINDS[issue.expected] : undefined
  // zod's own words ("Invalid input: expected object, …") only: a schema that says what it takes keeps its say.
  if (kind === undefined || !issue.message.startsWith('Invalid input')) return [issue]
  const rule =
    issue.input === undefined ? `is required: ${kind}` : `must be ${kind}, not ${jsonKindOf(issue.input)}`
  return [{ ...issue, message: issue.path.length === 0 ? `The request body ${rule}` : rule }]
}

/** What a parsed JSON value is, in words: "an array", "null", "a string"; a lossless number is a number. */
function jsonKindOf(value: unknown): string {
  if (Array.isArray(value)) return 'an array'
  if (value === null) return 'null'
  if (isJsonNumber(value)) return 'a number'
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`
}
