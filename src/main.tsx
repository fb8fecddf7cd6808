import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createAccountBook, createApiClient, createApiSettings, startMode } from './api'
import { App } from './app/App'
import { AppErrorBoundary } from './app/AppErrorBoundary'
import { type OfflineRuntime, startOffline } from './app/offline'
import { Providers } from './app/Providers'
import { reportErrorsTo } from './app/report-errors'
import { applyTheme, readTheme } from './app/theme'
import { requestConditionOf } from './features/conditions'
import { ConsoleSecretPrompt } from './features/connection'
import { applyPresenter, createPresenterSetting } from './features/presenter'
import { ViewChunkBoundary } from './ui/ChunkBoundary'
import './ui/styles.css'

async function boot() {
  applyTheme(readTheme())
  const presenter = createPresenterSetting(localStorage)
  applyPresenter(presenter.read())
  const mode = startMode()
  let offline: OfflineRuntime | undefined
  let offlineError: Error | undefined
  if (mode === 'offline') {
    // The worker must answer before the first request, so it starts before the client exists.
    try {
      offline = await startOffline()
    } catch (error) {
      offlineError = error instanceof Error ? error : new Error(String(error))
    }
  }
  const client = createApiClient({
    mode,
    offline: offline?.worker,
    book: createAccountBook(localStorage),
    conditionOf: requestConditionOf(mode, offline?.firedCondition),
    settings: createApiSettings(sessionStorage),
    otherTabs: true,
  })
  const root = document.getElementById('root')
  if (!root) throw new Error('index.html has no #root element')
  createRoot(root, reportErrorsTo(client.log)).render(
    <StrictMode>
      <Providers client={client} offline={offline?.data} presenter={presenter}>
        <AppErrorBoundary>
          <App mode={mode} offlineError={offlineError} />
        </AppErrorBoundary>
        {mode === 'proxy' ? (
          <ViewChunkBoundary loading={null}>
            <ConsoleSecretPrompt />
          </ViewChunkBoundary>
        ) : null}
      </Providers>
    </StrictMode>,
  )
}

void boot()
