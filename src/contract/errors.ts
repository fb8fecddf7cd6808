import { z } from 'zod'

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
  path: z.string().optional(),
  text: z.string(),
})

export const tppMessagesBody = z.object({ tppMessages: z.array(tppMessage).min(1) })

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
export function problemFromZod(error: z.ZodError, prefix?: string): Problem {
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

/** Messages name their field ("amount must be ..."); the text names it by its full path instead. */
function issueText(message: string, path: string, leaf: PropertyKey | undefined): string {
  if (path === '') return message
  const name = typeof leaf === 'string' ? leaf : undefined
  if (name !== undefined && message.startsWith(`${name} `)) return `${path}${message.slice(name.length)}`
  return `${path}: ${message}`
}
