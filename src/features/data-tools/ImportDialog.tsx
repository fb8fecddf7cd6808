import type { OfflineStoreStatus } from '../../api'
import type { SandboxSnapshot } from '../../contract'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { snapshotCounts, storedText } from './offline-data'

/** Asks before a data file replaces what the browser stores, naming both (or why the store cannot be read). */
export function ImportDialog({
  file,
  snapshot,
  stored,
  onImport,
  onClose,
}: {
  file: string
  snapshot: SandboxSnapshot
  stored: OfflineStoreStatus
  onImport: () => Promise<void>
  onClose: () => void
}) {
  return (
    <ConfirmDialog
      help="test-data"
      title="Import sandbox data"
      confirmLabel="Replace and import"
      onConfirm={onImport}
      onClose={onClose}
    >
      <p>
        Importing <strong>{file}</strong> ({snapshotCounts(snapshot)}) replaces what this browser stores now
        {stored.readable ? (
          <>
            : <strong>{storedText(stored, 'importing')}</strong> will be lost.
          </>
        ) : (
          <>. {storedText(stored, 'importing')}</>
        )}
      </p>
    </ConfirmDialog>
  )
}
