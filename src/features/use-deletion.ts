import {
  behaviourLabel,
  behaviourTraits,
  type DeletionSupport,
  type SandboxKind,
  useApiClient,
  useConnection,
  useDeletionSupport,
  useOfflineBehaviour,
  useUpstream,
} from '../api'
import type { ConsoleConnection, SandboxBehaviour } from '../contract'

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
  const behaviour = useOfflineBehaviour()
  const kind = api.mode === 'offline' ? offlineKind(behaviour) : sandboxKindOf(connection.data)
  const support = useDeletionSupport(api.deletion, upstream.data, kind)
  return { ...support, known: kind !== undefined, writesStay: !support.offered && api.mode === 'proxy' }
}

/** The offline sandbox refuses deletes when the bank it behaves like has none of the console's operations. */
function offlineKind(behaviour: SandboxBehaviour): SandboxKind {
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
