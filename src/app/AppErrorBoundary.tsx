import type { ReactNode } from 'react'
import { modeLabels, modes, useApiClient } from '../api'
import { OfflineDataRecovery } from '../features/data-tools/OfflineDataRecovery'
import { Inspector } from '../features/inspector/Inspector'
import { ErrorBoundary } from '../ui/ErrorBoundary'
import { switchMode } from './switch-mode'

/** Around the whole app: an error no one else handled shows a screen to recover from, never a blank page. */
export function AppErrorBoundary({ children }: { children: ReactNode }) {
  return <ErrorBoundary fallback={(error) => <RecoveryScreen error={error} />}>{children}</ErrorBoundary>
}

export function RecoveryScreen({ error }: { error: unknown }) {
  const { mode } = useApiClient()
  const message = error instanceof Error ? error.message : String(error)
  return (
    <div className="app recovery">
      <main className="main" id="main" tabIndex={-1}>
        <h1>The console stopped</h1>
        <div className="form-alert" role="alert">
          <p>
            Something in the console failed while showing this page, so it stopped rather than show something
            wrong. The error: <code>{message}</code>
          </p>
        </div>
        <p>
          A reload starts it again. If the error comes back, the other mode may still work; the request
          inspector below lists what happened.
        </p>
        <div className="actions">
          <button type="button" className="primary" onClick={() => location.reload()}>
            Reload
          </button>
          {modes
            .filter((other) => other !== mode)
            .map((other) => (
              <button key={other} type="button" onClick={() => void switchMode(other)}>
                Switch to {modeLabels[other]}
              </button>
            ))}
        </div>
        <OfflineDataRecovery />
      </main>
      {/* The inspector may be what failed: then the screen goes without it. */}
      <ErrorBoundary fallback={() => null}>
        <Inspector />
      </ErrorBoundary>
    </div>
  )
}
