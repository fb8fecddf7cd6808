import type { RootOptions } from 'react-dom/client'
import type { AppErrorReport, RequestLog } from '../api'

type ErrorCallbacks = Required<Pick<RootOptions, 'onCaughtError' | 'onUncaughtError' | 'onRecoverableError'>>

/**
 * React's root error callbacks, writing every error into the inspector's log: a caught one is otherwise
 * only a recovery screen, a recoverable one nothing at all.
 */
export function reportErrorsTo(log: RequestLog): ErrorCallbacks {
  const report =
    (report: AppErrorReport) => (error: unknown, info: { componentStack?: string | undefined }) => {
      log.addAppError({
        startedAt: Date.now(),
        report,
        message: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
        ...(info.componentStack ? { componentStack: info.componentStack } : {}),
      })
      // The browser's console keeps the stack trace, as React's own default reporting would have.
      console.error(error)
    }
  return {
    onCaughtError: report('caught'),
    onUncaughtError: report('uncaught'),
    onRecoverableError: report('recoverable'),
  }
}
