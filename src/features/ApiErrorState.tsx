import { useQueryClient } from '@tanstack/react-query'
import { ApiError, queryKeys, UnreachableError } from '../api'
import { ErrorState } from '../ui/ErrorState'
import { Messages } from '../ui/Messages'
import { useOfflineData } from './data-tools/offline-data'
import { StoreRecoveryActions } from './data-tools/StoreRecovery'
import { useView } from './view-state'

interface ApiErrorStateProps {
  /** What failed, e.g. "Could not load transactions". */
  title: string
  error: Error
  onRetry?: (() => void) | undefined
}

/**
 * The sandbox's own messages for an ApiError; for a failed connection, which mode was unreachable; for an
 * in-browser store that cannot be read, the ways out.
 */
export function ApiErrorState({ title, error, onRetry }: ApiErrorStateProps) {
  const offline = useOfflineData()
  const unreadableStore =
    offline !== undefined &&
    error instanceof ApiError &&
    error.messages.some((m) => m.code === 'STORE_UNREADABLE')
  return (
    <ErrorState
      title={error instanceof ApiError ? `${title} (HTTP ${error.status})` : title}
      onRetry={onRetry}
    >
      {error instanceof ApiError ? <Messages messages={error.messages} /> : <p>{error.message}</p>}
      {error instanceof ApiError && !error.hasTppMessages && error.body !== undefined ? (
        // A gateway's own answer (an HTML page, `{"error": ...}`): shown as it came.
        <details className="what-came">
          <summary>What came</summary>
          <pre className="raw-json">{error.body}</pre>
        </details>
      ) : null}
      {error instanceof UnreachableError && error.mode === 'proxy' ? (
        <p className="hint">Is the proxy running (npm start)? Or switch to Offline mode in the header.</p>
      ) : null}
      {unreadableStore ? <UnreadableStoreActions /> : null}
    </ErrorState>
  )
}

function UnreadableStoreActions() {
  const offline = useOfflineData()
  const client = useQueryClient()
  const [, setView] = useView()
  if (!offline) return null
  return (
    <StoreRecoveryActions
      offline={offline}
      onReset={async () => {
        setView({ account: undefined, offset: 0 })
        await client.resetQueries({ queryKey: queryKeys.all })
      }}
    />
  )
}
