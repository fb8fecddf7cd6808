import { useState } from 'react'
import { type OfflineData, type OfflineExportError, useApiClient } from '../../api'
import { withAccountBook } from '../../contract'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { count, downloadConsoleFile } from './offline-data'

/** Downloads whatever of the store can still be read; says what the file holds. */
export function SaveReadableButton({ offline }: { offline: OfflineData }) {
  const { book } = useApiClient()
  const [saved, setSaved] = useState<string>()
  const save = async () => {
    const snapshot = await offline.exportRaw()
    downloadConsoleFile(withAccountBook(snapshot, book.exportBook()))
    const transactions = snapshot.cardAccounts.reduce((sum, a) => sum + a.transactions.length, 0)
    const unreadable = snapshot.unreadable?.length ?? 0
    setSaved(
      `Saved ${count(snapshot.cardAccounts.length, 'card account')} and ${count(transactions, 'transaction')}` +
        (unreadable > 0 ? `; ${count(unreadable, 'unreadable record')} kept raw in the file.` : '.'),
    )
  }
  return (
    <>
      <button type="button" onClick={save}>
        Save what can be read
      </button>
      {saved ? <output className="hint">{saved}</output> : null}
    </>
  )
}

/** Why an export was not written, and the way to keep what can be read all the same. */
export function ExportRefusal({
  offline,
  error,
  onDismiss,
}: {
  offline: OfflineData
  error: OfflineExportError
  onDismiss?: () => void
}) {
  return (
    <div className="form-alert" role="alert">
      <p>{error.message}</p>
      {error.details.length > 0 ? (
        <ul className="messages">
          {error.details.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
      <p>
        “Save what can be read” downloads every record that can still be read; the others stay in the file as
        they were stored, and the file is marked damaged. Importing it later brings back the readable part.
      </p>
      <div className="actions">
        <SaveReadableButton offline={offline} />
        {onDismiss ? (
          <button type="button" onClick={onDismiss}>
            Dismiss
          </button>
        ) : null}
      </div>
    </div>
  )
}

/**
 * What to do when the data stored in this browser cannot be read: save the readable part, or start empty.
 * `onReset` runs after the store was cleared, to show the empty sandbox.
 */
export function StoreRecoveryActions({
  offline,
  onReset,
}: {
  offline: OfflineData
  onReset: () => Promise<void>
}) {
  const [confirming, setConfirming] = useState(false)
  return (
    <section className="store-recovery" aria-label="Recover the offline data">
      <p>
        The data stored in this browser cannot be read, so the in-browser sandbox cannot answer. “Save what
        can be read” downloads what can still be read as a file you can import later (marked damaged, with the
        unreadable records kept as they were). “Reset…” deletes the stored data, so the sandbox starts empty.
        “Import JSON…” in the Data tools replaces it with a file.
      </p>
      <div className="actions">
        <SaveReadableButton offline={offline} />
        <button type="button" className="danger-outline" onClick={() => setConfirming(true)}>
          Reset…
        </button>
      </div>
      {confirming ? (
        <ConfirmDialog
          help="test-data"
          title="Reset sandbox data"
          confirmLabel="Delete everything"
          onConfirm={async () => {
            await offline.reset()
            setConfirming(false)
            await onReset()
          }}
          onClose={() => setConfirming(false)}
        >
          <p>
            This deletes the data stored in this browser, readable or not. It cannot be undone; save what can
            be read first to keep a copy.
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  )
}
