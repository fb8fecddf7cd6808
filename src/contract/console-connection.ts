import { z } from './zod'

/**
 * The proxy's own answer about itself, outside the operation's `/api` paths (every `/api` path is matched
 * against the operation table): which upstream it signs for and with which certificate. The server
 * (server/console-connection.ts) sends it; the console reads it to key its account book and to show the
 * Connection panel (docs/decisions.md#console-connection).
 */
export const CONSOLE_CONNECTION_PATH = '/console/connection'

export const consoleConnection = z.object({
  /** The upstream's base URL, its base path included. */
  upstream: z.string().check(z.minLength(1)),
  /** The local upstream in the proxy's process, not a sandbox of the bank. */
  local: z.boolean(),
  /**
   * Whether the upstream has the console's own operations (clock, settlement, summary, deletes): the local
   * upstream in a personality that has them (`platform` has none, as the bank); a bank's sandbox never.
   */
  consoleOperations: z.boolean(),
  /**
   * The file the local upstream keeps its data in across restarts; absent when its data lives in memory
   * only (SANDBOX_DATA=memory), and for a bank's sandbox.
   */
  dataFile: z.optional(z.string().check(z.minLength(1))),
  /** Whether the proxy signs `(request-target)` (SIGN_REQUEST_TARGET=1): the method and path. */
  signsRequestTarget: z.boolean(),
  certificate: z.object({
    subject: z.string(),
    /** Upper-case hex, as in the keyId. */
    serial: z.string(),
    issuer: z.string(),
    /** ISO 8601 instants. */
    notBefore: z.string(),
    notAfter: z.string(),
  }),
})
export type ConsoleConnection = z.infer<typeof consoleConnection>
