import { useState } from 'react'
import {
  behaviourLabel,
  behaviourTraits,
  type DeletionSupport,
  readOfflinePersonality,
  type SandboxKind,
  useApiClient,
  useConnection,
  useDeletionSupport,
  useUpstream,
} from '../api'
import type { ConsoleConnection } from '../contract'

/**
 * Whether this tab's sandbox can delete one account or transaction: offline unless it behaves like a bank
 * without the console's operations; by proxy, the local one in a personality with them. `known` is false
 * until the proxy has said what its sandbox is: until then deletes are offered, but a write that could not
 * be undone waits. `writesStay`: nothing undoes a write there, not even a reset (offline has Reset…).
 */
export function useDeletion(): DeletionSupport & { known: boolean; writesStay: boolean } {
  const api = useApiClient()
  const upstream = useUpstream()
  const connection = useConnection()
  // Offline, a change of bank applies with a reload: read from storage once, not at every render.
  const [offline] = useState(offlineKind)
  const kind = api.mode === 'offline' ? offline : sandboxKindOf(connection.data)
  const support = useDeletionSupport(api.deletion, upstream.data, kind)
  return { ...support, known: kind !== undefined, writesStay: !support.offered && api.mode === 'proxy' }
}

/** The offline sandbox refuses deletes when the bank it behaves like has none of the console's operations. */
function offlineKind(): SandboxKind {
  const behaviour = readOfflinePersonality()
  return behaviourTraits(behaviour).consoleOperations === false
    ? { offlineLike: behaviourLabel(behaviour) }
    : 'own'
}

/** By proxy, what the proxy said of its upstream; undefined until it has. */
function sandboxKindOf(connection: ConsoleConnection | null | undefined): SandboxKind | undefined {
  if (connection === null || connection === undefined) return undefined
  if (!connection.local) return 'bank'
  return connection.consoleOperations ? 'own' : 'bank-shaped'
}

/** What a write to a sandbox without deletes is told first (Fill test data, Generate): nothing undoes it. */
export const NO_DELETES = 'This sandbox offers no delete'
