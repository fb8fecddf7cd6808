import type { z } from '../contract/zod'
import type { Body } from './json'

/**
 * What the console made of an answer it reads. A sandbox may send what the reader schema does not
 * expect: that is `unexpected`, a value to show (the answer as it came, and what was unexpected in
 * words), never an exception that throws the screen away (docs/decisions.md#liberal-reading).
 */
export type Reading<T> =
  | { kind: 'read'; value: T; raw: unknown }
  | { kind: 'unexpected'; raw: unknown; problems: readonly string[] }

/**
 * What a 201 came to. A sandbox may answer it with no body at all (or one that is not JSON): still a
 * success, and `location` may name what was created.
 */
export type Creation<T> = (Reading<T> | { kind: 'no-body'; text: string | undefined }) & {
  location: string | undefined
}

/** Reads a body with a reader schema; an empty or non-JSON body is unexpected where one was due. */
export function readWith<S extends z.ZodMiniType>(schema: S, body: Body): Reading<z.output<S>> {
  if (body.kind === 'empty')
    return { kind: 'unexpected', raw: undefined, problems: ['the answer has no body'] }
  if (body.kind === 'text') {
    return { kind: 'unexpected', raw: body.text, problems: [`the answer is not JSON (${body.why})`] }
  }
  const parsed = schema.safeParse(body.value)
  return parsed.success
    ? { kind: 'read', value: parsed.data, raw: body.value }
    : { kind: 'unexpected', raw: body.value, problems: describeIssues(parsed.error.issues) }
}

/** The reading of a 201: an empty or non-JSON body is a success without a body. */
export function readCreated<S extends z.ZodMiniType>(
  schema: S,
  body: Body,
  location: string | undefined,
): Creation<z.output<S>> {
  if (body.kind === 'empty') return { kind: 'no-body', text: undefined, location }
  if (body.kind === 'text') return { kind: 'no-body', text: body.text, location }
  return { ...readWith(schema, body), location }
}

/**
 * zod's issues as sentences a tester can act on: where in the answer (`cardTransactions.booked[0].
 * transactionAmount.amount`) and what was found there; a union's alternatives each say why they failed.
 */
export function describeIssues(
  issues: readonly z.core.$ZodIssue[],
  base: readonly PropertyKey[] = [],
): string[] {
  return issues.flatMap((issue) => {
    const path = [...base, ...issue.path]
    if (issue.code === 'invalid_union' && issue.errors.length > 0) {
      // Each alternative's issues relative to the element, so the sentence names the place once.
      const alternatives = issue.errors.map((branch) =>
        describeIssues(branch)
          .map((text) => text.replace(/^the answer: /, ''))
          .join('; '),
      )
      return [`${where(path)}: fits none of the accepted forms (${alternatives.join('; or ')})`]
    }
    return [`${where(path)}: ${issue.message}`]
  })
}

function where(path: readonly PropertyKey[]): string {
  if (path.length === 0) return 'the answer'
  return path
    .map((key, i) => (typeof key === 'number' ? `[${key}]` : i === 0 ? String(key) : `.${String(key)}`))
    .join('')
}
