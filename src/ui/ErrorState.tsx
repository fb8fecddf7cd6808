import type { ReactNode } from 'react'

interface ErrorStateProps {
  /** What failed, e.g. "Could not load transactions". */
  title: string
  /** What the user should know about the failure: the server's messages, a sentence, a hint. */
  children: ReactNode
  onRetry?: (() => void) | undefined
  /** Ways out beside Retry: what to change so the request can succeed. */
  actions?: ReactNode
}

/** A failure in place of what could not be shown, with a Retry when there is something to retry. */
export function ErrorState({ title, children, onRetry, actions }: ErrorStateProps) {
  return (
    <div className="error-state" role="alert">
      <p className="error-title">{title}</p>
      {children}
      {actions || onRetry ? (
        <div className="actions">
          {actions}
          {onRetry ? (
            <button type="button" onClick={onRetry}>
              Retry
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  )
}
