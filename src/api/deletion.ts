import { useSyncExternalStore } from 'react'
import { ApiError } from './errors'

/**
 * Deleting one account or transaction is an operation of the console's own sandbox (offline, and the
 * local upstream behind `npm start`); the bank's sandbox has none. Whether the upstream of this tab offers
 * it, and if not, why, in words.
 */
export type DeletionSupport = { offered: true } | { offered: false; why: string }

/**
 * A delete answered as by a server that does not have the operation: 405 or 501, or a 404 that names no
 * account or transaction (its path is unknown there). A 404 naming `mockCardAccountId` or
 * `cardTransactionId` is the operation saying the thing is not there.
 */
export function isDeletionNotOffered(error: unknown): error is ApiError {
  if (!(error instanceof ApiError)) return false
  if (error.status === 405 || error.status === 501) return true
  return error.status === 404 && !error.messages.some((m) => m.path !== undefined)
}

/**
 * A delete answered 404 for the transaction itself (not its account): another tab or client deleted it
 * first. What the delete was for holds.
 */
export function isTransactionGone(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    error.status === 404 &&
    error.messages.some((m) => m.path === 'cardTransactionId')
  )
}

/**
 * Upstreams that answered a delete as a server without the operation does, and what they answered: the
 * client's own (each client its own memory), so a refusal is remembered while the client lives.
 */
export interface DeletionRefusals {
  refusalOf(upstream: string): string | undefined
  markRefused(upstream: string, error: ApiError): void
  subscribe(listener: () => void): () => void
}

export function createDeletionRefusals(): DeletionRefusals {
  const refused = new Map<string, string>()
  const listeners = new Set<() => void>()
  return {
    refusalOf: (upstream) => refused.get(upstream),
    markRefused(upstream, error) {
      refused.set(upstream, `it answered a delete with HTTP ${error.status}`)
      for (const listener of listeners) listener()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

/**
 * Whose sandbox the upstream is: the console's own (offline; by proxy, the local upstream in a personality
 * with the console's operations), one shaped like a bank (the local upstream as `platform`), the offline
 * sandbox set to behave like a bank without the console's operations (its label), or the bank's; undefined
 * while the proxy has not said. None but the first has a delete: the console does not try.
 */
export type SandboxKind = 'own' | 'bank-shaped' | 'bank' | { offlineLike: string }

export function useDeletionSupport(
  refusals: DeletionRefusals,
  upstream: string | undefined,
  kind: SandboxKind | undefined,
): DeletionSupport {
  const refusal = useSyncExternalStore(refusals.subscribe, () =>
    upstream === undefined ? undefined : refusals.refusalOf(upstream),
  )
  if (typeof kind === 'object' && refusal === undefined) {
    return {
      offered: false,
      why: `Deleting is not offered: the offline sandbox behaves like ${kind.offlineLike}, which has none: choose the console's behaviour under Sandbox clock and bank… to delete.`,
    }
  }
  const why =
    refusal !== undefined
      ? `has no such operation (${refusal})`
      : kind === 'bank'
        ? "is the bank's, which has none"
        : kind === 'bank-shaped'
          ? 'is shaped like a bank (SANDBOX_PERSONALITY), which has none'
          : undefined
  if (why === undefined) return { offered: true }
  return {
    offered: false,
    why: `Deleting is not offered: ${sandboxNamed(upstream)} ${why}. Deleting one account or transaction is the console's own sandbox's (offline, or npm start without SANDBOX_BASE_URL).`,
  }
}

/**
 * The sandbox of `upstream` (the book's key) in a sentence: a URL is "the sandbox at" it; a local sandbox
 * keyed by its data file already names itself ("the local sandbox, data in …"), and a tester read "the
 * sandbox at the local sandbox, data in … is shaped like a bank".
 */
function sandboxNamed(upstream: string | undefined): string {
  if (upstream === undefined) return 'the sandbox behind the proxy'
  return upstream.startsWith('the ') ? `${upstream},` : `the sandbox at ${upstream}`
}
