import { ApiError, UnreachableError } from '../api'
import { Messages } from './Messages'

interface ErrorStateProps {
  error: Error
  onRetry?: () => void
  /** What failed, e.g. "Could not load transactions". */
  title: string
}

/** The sandbox's own messages for an ApiError; for a failed connection, which mode was unreachable. */
export function ErrorState({ error, onRetry, title }: ErrorStateProps) {
  return (
    <div className="error-state" role="alert">
      <p className="error-title">
        {title}
        {error instanceof ApiError ? ` (HTTP ${error.status})` : ''}
      </p>
      {error instanceof ApiError ? <Messages messages={error.messages} /> : <p>{error.message}</p>}
      {error instanceof UnreachableError && error.mode === 'proxy' ? (
        <p className="hint">Is the proxy running (npm start)? Or switch to Offline mode in the header.</p>
      ) : null}
      {onRetry ? (
        <button type="button" onClick={onRetry}>
          Retry
        </button>
      ) : null}
    </div>
  )
}
