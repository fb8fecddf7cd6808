import { useState } from 'react'
import { OfflineExportError, useApiClient } from '../../api'
import { withAccountBook } from '../../contract'
import { downloadConsoleFile, useOfflineData } from '../data-tools'

/**
 * Offline, what a link or an export names (accounts, transactions) lives only in this browser: said before
 * sharing, with the data's own export beside it, so the receiver is not left with bare 404s.
 */
export function OfflineDataNotice() {
  const { mode, book } = useApiClient()
  const offline = useOfflineData()
  const [outcome, setOutcome] = useState<string>()
  if (mode !== 'offline' || offline === undefined) return null

  const exportData = async () => {
    try {
      downloadConsoleFile(withAccountBook(await offline.exportSnapshot(), book.exportBook()))
      setOutcome('Data exported: send the file with the link or collection.')
    } catch (error) {
      if (!(error instanceof OfflineExportError)) throw error
      setOutcome(`The data could not be exported: ${error.message}`)
    }
  }

  return (
    <div className="note offline-data-notice">
      <p>
        <strong>Offline data stays in this browser.</strong> The accounts and transactions these requests name
        exist only here: whoever opens the link or runs the collection elsewhere gets 404s for them unless
        they load the same data first (Import JSON…, or a scenario under Scenarios…).
      </p>
      <p>
        <button type="button" onClick={exportData}>
          Export the data too
        </button>{' '}
        <span role="status">{outcome ?? ''}</span>
      </p>
    </div>
  )
}
