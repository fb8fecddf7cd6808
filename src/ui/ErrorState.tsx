import { type ReactNode, useId } from 'react'

interface ErrorStateProps {
  /** What failed, e.g. "Could not load transactions". */
  title: string
  /** What the user should know about the failure: the server's messages, a sentence, a hint. */
  children: ReactNode
  onRetry?: (() => void) | undefined
  /** Ways out beside Retry: what to change so the request can succeed. */
  actions?: ReactNode
  /**
   * Shown in place without an alert: a panel beside the main content, whose failure the main content's own
   * alert already says (one sandbox error read out once, not once per panel).
   */
  quiet?: boolean
}

/**
 * A failure in place of what could not be shown, with a Retry when there is something to retry. The alert
 * holds what happened, not the buttons: a screen reader reads it out whole, and "Retry" is no news. The
 * box is a group named by the failure, so a Retry reached by Tab says what it retries.
 */
export function ErrorState({ title, children, onRetry, actions, quiet = false }: ErrorStateProps) {
  const titleId = useId()
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset would make its buttons a form's
    <div className="error-state" role="group" aria-labelledby={titleId}>
      <div role={quiet ? undefined : 'alert'}>
        <p className="error-title" id={titleId}>
          {title}
        </p>
        {children}
      </div>
      {actions || onRetry ? (
        <div className="actions">
          {actions}
          {onRetry ? (
            // Named by what it retries: a screen reader's list of buttons otherwise reads "Retry" once per box.
            <button type="button" onClick={onRetry} aria-label={`Retry: ${title}`}>
              Retry
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  )
}
