import { useState } from 'react'
import { OFFLINE_UPSTREAM, OfflineExportError, useApiClient } from '../../api'
import { withAccountBook } from '../../contract'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { downloadConsoleFile, useOfflineData } from './offline-data'
import { ExportRefusal } from './StoreRecovery'

/**
 * On the recovery screen, offline mode only: data stored in this browser may be what breaks the console,
 * so it can be saved and cleared from there. Nothing in proxy mode (the data lives upstream).
 */
export function OfflineDataRecovery() {
  const offline = useOfflineData()
  const { book } = useApiClient()
  const [confirming, setConfirming] = useState(false)
  const [failure, setFailure] = useState<OfflineExportError | string>()
  if (!offline) return null

  const exportJson = async () => {
    setFailure(undefined)
    try {
      downloadConsoleFile(withAccountBook(await offline.exportSnapshot(), book.exportBook()))
    } catch (error) {
      if (error instanceof OfflineExportError) return setFailure(error)
      setFailure(`The data could not be exported: ${error instanceof Error ? error.message : String(error)}`)
    }
  }

  return (
    <section aria-labelledby="recovery-data-heading">
      <h2 id="recovery-data-heading">Data stored in this browser</h2>
      <p>If the problem comes back after a reload, save a copy of the offline data, then start empty.</p>
      <div className="actions">
        <button type="button" onClick={exportJson}>
          Export JSON
        </button>
        <button type="button" className="danger-outline" onClick={() => setConfirming(true)}>
          Reset…
        </button>
      </div>
      {failure instanceof OfflineExportError ? <ExportRefusal offline={offline} error={failure} /> : null}
      {typeof failure === 'string' ? (
        <p className="form-alert" role="alert">
          {failure}
        </p>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          help="test-data"
          title="Reset sandbox data"
          confirmLabel="Delete everything"
          onConfirm={async () => {
            await offline.reset()
            book.clear(OFFLINE_UPSTREAM)
            location.reload()
          }}
          onClose={() => setConfirming(false)}
        >
          <p>
            This deletes every card account and transaction stored in this browser, then reloads the console.
            It cannot be undone; export first to keep a copy.
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  )
}
