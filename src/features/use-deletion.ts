import {
  type DeletionSupport,
  type SandboxKind,
  useApiClient,
  useConnection,
  useDeletionSupport,
  useUpstream,
} from '../api'
import type { ConsoleConnection } from '../contract'

/**
 * Whether this tab's sandbox can delete one account or transaction: offline always; by proxy, the local one
 * in a personality with the console's operations.
 */
export function useDeletion(): DeletionSupport {
  const api = useApiClient()
  const upstream = useUpstream()
  const connection = useConnection()
  return useDeletionSupport(api.deletion, upstream.data, sandboxKindOf(connection.data))
}

/** Offline there is no connection to ask (null): the in-browser sandbox is the console's own. */
function sandboxKindOf(connection: ConsoleConnection | null | undefined): SandboxKind | undefined {
  if (connection === null) return 'own'
  if (connection === undefined) return undefined
  if (!connection.local) return 'bank'
  return connection.consoleOperations ? 'own' : 'bank-shaped'
}

/** What a write to a sandbox without deletes is told first (Fill test data, Generate): nothing undoes it. */
export const NO_DELETES = 'This sandbox offers no delete'
