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
 * in a personality with the console's operations. `known` is false until the proxy has said what its
 * sandbox is: until then deletes are offered, but a write that could not be undone waits.
 */
export function useDeletion(): DeletionSupport & { known: boolean } {
  const api = useApiClient()
  const upstream = useUpstream()
  const connection = useConnection()
  const kind = api.mode === 'offline' ? 'own' : sandboxKindOf(connection.data)
  return { ...useDeletionSupport(api.deletion, upstream.data, kind), known: kind !== undefined }
}

/** By proxy, what the proxy said of its upstream; undefined until it has. */
function sandboxKindOf(connection: ConsoleConnection | null | undefined): SandboxKind | undefined {
  if (connection === null || connection === undefined) return undefined
  if (!connection.local) return 'bank'
  return connection.consoleOperations ? 'own' : 'bank-shaped'
}

/** What a write to a sandbox without deletes is told first (Fill test data, Generate): nothing undoes it. */
export const NO_DELETES = 'This sandbox offers no delete'
