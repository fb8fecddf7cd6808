import { z } from './zod'

/** Berlin Group NextGenPSD2 message codes this service answers with (docs/decisions.md#error-codes), plus the proxy's own. */
export const errorCodes = [
  'FORMAT_ERROR',
  'PARAMETER_NOT_SUPPORTED',
  'PERIOD_INVALID',
  'RESOURCE_UNKNOWN',
  'SERVICE_INVALID',
  'SIGNATURE_MISSING',
  'SIGNATURE_INVALID',
  'CERTIFICATE_MISSING',
  'CERTIFICATE_INVALID',
  'CERTIFICATE_EXPIRED',
  // A bug, still answered in the tppMessages shape.
  'INTERNAL_SERVER_ERROR',
  // Answered by the Node servers only: a body over their limit (proxy and local upstream alike), and the
  // proxy's upstream failing.
  'PAYLOAD_TOO_LARGE',
  'UPSTREAM_UNREACHABLE',
  'UPSTREAM_TIMEOUT',
  'UPSTREAM_INVALID',
  'REQUEST_TIMEOUT',
  // The console's own, not Berlin Group's: the in-browser sandbox's stored data cannot be read (503).
  'STORE_UNREADABLE',
  // The console's own: a write would pass a sandbox's cap on stored transactions (507).
  'STORE_FULL',
  // Answered by a condition the tester set (src/contract/conditions.ts): the access limit of a day (429),
  // and a sandbox that is down (503).
  'ACCESS_EXCEEDED',
  'SERVICE_UNAVAILABLE',
] as const

export type ErrorCode = (typeof errorCodes)[number]

/** The codes of a 401: the request's signature or certificate was refused (docs/decisions.md#error-codes). */
export const signatureErrorCodes = [
  'SIGNATURE_MISSING',
  'SIGNATURE_INVALID',
  'CERTIFICATE_MISSING',
  'CERTIFICATE_INVALID',
  'CERTIFICATE_EXPIRED',
] as const satisfies readonly ErrorCode[]

export const tppMessage = z.object({
  category: z.enum(['ERROR', 'WARNING']),
  // A real sandbox may answer codes we do not know; the client shows them as they are.
  code: z.string(),
  path: z.optional(z.string()),
  text: z.string(),
})

export const tppMessagesBody = z.object({ tppMessages: z.array(tppMessage).check(z.minLength(1)) })

export type TppMessage = z.infer<typeof tppMessage>
export type TppMessagesBody = z.infer<typeof tppMessagesBody>

/** A failure as a value: the HTTP status and the messages of its tppMessages body. */
export interface Problem {
  status: number
  messages: TppMessage[]
}

/** The tppMessages body of a problem: every error answer on the wire has this shape. */
export function tppMessagesOf({ messages }: Problem): TppMessagesBody {
  return { tppMessages: messages }
}

export function problem(status: number, code: ErrorCode, text: string, path?: string): Problem {
  return { status, messages: [{ category: 'ERROR', code, text, ...(path === undefined ? {} : { path }) }] }
}

/** `[3].transactionAmount.amount`: array indexes in brackets, keys dotted. */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  return path
    .map((key, i) => (typeof key === 'number' ? `[${key}]` : i === 0 ? String(key) : `.${String(key)}`))
    .join('')
}

/**
 * One FORMAT_ERROR message per zod issue, each naming the offending field. `prefix` places the issues
 * of a nested schema (a header or a query parameter) under its own name.
 */
export function problemFromZod(error: z.core.$ZodError, prefix?: string): Problem {
  return {
    status: 400,
    messages: error.issues.map((issue) => {
      const keys = [...(prefix === undefined ? [] : [prefix]), ...issue.path]
      const path = formatIssuePath(keys)
      return {
        category: 'ERROR' as const,
        code: 'FORMAT_ERROR',
        ...(path === '' ? {} : { path }),
        text: issueText(issue.message, path, keys.at(-1)),
      }
    }),
  }
}

/**
 * Messages name their field ("amount must be ..."); the text names it by its full path instead. A rule
 * shared by many fields says only what the field must be ("is not a real calendar date"): the path is its
 * subject, so "fromDate is not…" reads as a sentence. Anything else (zod's own words) follows a colon.
 */
function issueText(message: string, path: string, leaf: PropertyKey | undefined): string {
  if (path === '') return message
  const name = typeof leaf === 'string' ? leaf : undefined
  if (name !== undefined && message.startsWith(`${name} `)) return `${path}${message.slice(name.length)}`
  return SUBJECTLESS.test(message) ? `${path} ${message}` : `${path}: ${message}`
}

/** A rule written without its subject; the forms read it the same way (src/features/form-errors.ts). */
const SUBJECTLESS = /^(must|is|may) /

/** A reader lists at most this many problems of a file, then says there are more. */
export const MAX_LISTED_PROBLEMS = 100
export const MORE_PROBLEMS_TEXT = `and more problems: only the first ${MAX_LISTED_PROBLEMS} are listed`

const TOO_MANY_PROBLEMS_TEXT = 'the file has more problems than can be listed (nested too deep, or too many)'

/** Arrays are read in windows of this many entries once a whole read has failed too hard to list. */
const WINDOW = 1_000

/**
 * `schema.safeParse` for a file, whose problems are at most `MAX_LISTED_PROBLEMS` (then one issue saying
 * there are more). zod collects every problem and passes them up in one spread call: 130,000 of them
 * overflow the call stack. When that happens the largest array is read again a window at a time, until
 * enough problems are found; the file is refused either way.
 */
export function boundedSafeParse<T>(schema: z.ZodMiniType<T>, data: unknown): z.core.util.SafeParseResult<T> {
  let issues: z.core.$ZodIssue[]
  try {
    const parsed = schema.safeParse(data)
    if (parsed.success) return parsed
    issues = parsed.error.issues
  } catch (error) {
    if (!(error instanceof RangeError)) throw error
    issues = windowedIssues(schema, data)
  }
  const listed: z.core.$ZodIssue[] = issues.slice(0, MAX_LISTED_PROBLEMS)
  const more = listed.length === 0 ? TOO_MANY_PROBLEMS_TEXT : MORE_PROBLEMS_TEXT
  if (issues.length > MAX_LISTED_PROBLEMS || listed.length === 0) {
    listed.push({ code: 'custom', path: [], message: more, input: undefined })
  }
  return { success: false, error: new z.core.$ZodError(listed) as z.core.$ZodError<T> }
}

/** The first problems, reading the largest array a window at a time; issues outside it from the first. */
function windowedIssues(schema: z.ZodMiniType, data: unknown): z.core.$ZodIssue[] {
  try {
    return issuesByWindow(schema, data)
  } catch (error) {
    // Nesting too deep to walk overflows here as well: the file is refused without a list.
    if (error instanceof RangeError) return []
    throw error
  }
}

function issuesByWindow(schema: z.ZodMiniType, data: unknown): z.core.$ZodIssue[] {
  const largest = largestArray(data, [])
  if (largest === undefined || largest.array.length <= WINDOW) return []
  const { path, array } = largest
  const found: z.core.$ZodIssue[] = []
  for (let from = 0; from < array.length && found.length <= MAX_LISTED_PROBLEMS; from += WINDOW) {
    const window = withArrayAt(data, path, array.slice(from, from + WINDOW))
    const parsed = boundedSafeParse(schema, window)
    if (parsed.success) continue
    for (const issue of parsed.error.issues) {
      const placed = issue.message === MORE_PROBLEMS_TEXT ? undefined : issueInWholeFile(issue, path, from)
      if (placed) found.push(placed)
    }
  }
  return found
}

/**
 * An issue of the window starting at `from` as the whole file has it: one inside the array at `path`
 * takes its index in the whole array; one outside it, the same in every window, is kept from the first.
 */
function issueInWholeFile(
  issue: z.core.$ZodIssue,
  path: readonly PropertyKey[],
  from: number,
): z.core.$ZodIssue | undefined {
  const inside = path.every((key, i) => issue.path[i] === key) && typeof issue.path[path.length] === 'number'
  if (!inside) return from === 0 ? issue : undefined
  const index = (issue.path[path.length] as number) + from
  return { ...issue, path: [...path, index, ...issue.path.slice(path.length + 1)] }
}

function largestArray(
  value: unknown,
  path: PropertyKey[],
): { path: PropertyKey[]; array: unknown[] } | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  let best: { path: PropertyKey[]; array: unknown[] } | undefined = Array.isArray(value)
    ? { path, array: value }
    : undefined
  const entries: [PropertyKey, unknown][] = Array.isArray(value)
    ? value.length > WINDOW
      ? []
      : value.map((item, i) => [i, item])
    : Object.entries(value)
  for (const [key, child] of entries) {
    const inner = largestArray(child, [...path, key])
    if (inner && inner.array.length > (best?.array.length ?? -1)) best = inner
  }
  return best
}

function withArrayAt(value: unknown, path: readonly PropertyKey[], array: unknown[]): unknown {
  if (path.length === 0) return array
  const [key, ...rest] = path as [PropertyKey, ...PropertyKey[]]
  if (Array.isArray(value)) return value.map((item, i) => (i === key ? withArrayAt(item, rest, array) : item))
  const record = value as Record<PropertyKey, unknown>
  return { ...record, [key]: withArrayAt(record[key], rest, array) }
}
