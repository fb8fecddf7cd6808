import { useQueryClient } from '@tanstack/react-query'
import { type ChangeEvent, useRef, useState } from 'react'
import {
  OFFLINE_UPSTREAM,
  OfflineExportError,
  type OfflineStoreStatus,
  queryKeys,
  useApiClient,
} from '../../api'
import { problemFromZod, type SandboxSnapshot, sandboxSnapshot, type TppMessage } from '../../contract'
import { StatusMessage, useAnnounce, useClearAnnouncement } from '../../ui/announcer'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { Messages } from '../../ui/Messages'
import { ApiErrorState } from '../ApiErrorState'
import { useView } from '../view-state'
import type { FillTestData } from './fill'
import { count, downloadSnapshot, snapshotCounts, storedText, useOfflineData } from './offline-data'
import { ExportRefusal } from './StoreRecovery'

interface DataToolsProps {
  fill: FillTestData
  onFilled: (firstAccount: string | undefined) => void
}

type Pending =
  | { kind: 'reset'; stored: OfflineStoreStatus }
  | { kind: 'import'; file: string; snapshot: SandboxSnapshot; stored: OfflineStoreStatus }

/** Fill and generate work in both modes; export, import and reset act on the in-browser store only. */
export function DataTools({ fill, onFilled }: DataToolsProps) {
  const offline = useOfflineData()
  const { book } = useApiClient()
  const client = useQueryClient()
  const announce = useAnnounce()
  const clearStatus = useClearAnnouncement()
  const [, setView] = useView()
  const [pending, setPending] = useState<Pending>()
  const [importError, setImportError] = useState<{ file: string; messages: TppMessage[] | string }>()
  const [exportError, setExportError] = useState<OfflineExportError>()
  const fileInput = useRef<HTMLInputElement>(null)

  const refresh = () => client.resetQueries({ queryKey: queryKeys.all })

  const exportJson = async () => {
    if (!offline) return
    clearStatus()
    setExportError(undefined)
    let snapshot: SandboxSnapshot
    try {
      snapshot = await offline.exportSnapshot()
    } catch (error) {
      if (!(error instanceof OfflineExportError)) throw error
      setExportError(error)
      return
    }
    downloadSnapshot(snapshot)
    announce(`Exported ${snapshotCounts(snapshot)}`, { place: 'data' })
  }

  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file || !offline) return
    clearStatus()
    setImportError(undefined)
    let data: unknown
    try {
      data = JSON.parse(await file.text())
    } catch (error) {
      setImportError({ file: file.name, messages: `It is not JSON: ${(error as Error).message}` })
      return
    }
    const parsed = sandboxSnapshot.safeParse(data)
    if (!parsed.success) {
      setImportError({ file: file.name, messages: problemFromZod(parsed.error).messages })
      return
    }
    const stored = await offline.storeStatus()
    if (stored.readable && stored.accounts === 0) await importSnapshot(file.name, parsed.data)
    else setPending({ kind: 'import', file: file.name, snapshot: parsed.data, stored })
  }

  const importSnapshot = async (file: string, snapshot: SandboxSnapshot) => {
    if (!offline) return
    const result = await offline.importSnapshot(snapshot)
    setPending(undefined)
    setExportError(undefined)
    if (!result.ok) {
      setImportError({ file, messages: result.problem.messages })
      return
    }
    // The book of the in-browser sandbox named the accounts just replaced.
    book.clear(OFFLINE_UPSTREAM)
    await refresh()
    setView({ account: snapshot.cardAccounts[0]?.account.resourceId, offset: 0 })
    announce(
      `Imported ${count(result.value.accounts, 'card account')} and ${count(result.value.transactions, 'transaction')}`,
      { place: 'data' },
    )
  }

  const reset = async () => {
    if (!offline) return
    await offline.reset()
    book.clear(OFFLINE_UPSTREAM)
    setPending(undefined)
    setExportError(undefined)
    await refresh()
    setView({ account: undefined, offset: 0 })
    announce('Sandbox data reset: nothing stored', { place: 'data' })
  }

  return (
    <section className="data-tools" aria-labelledby="data-tools-heading">
      <h2 id="data-tools-heading">Data</h2>
      <div className="tool-buttons">
        {/* Not shown while an empty state offers Fill test data itself: one button per action (styles.css). */}
        <button
          type="button"
          className="fill-test-data"
          disabled={fill.filling}
          onClick={async () => onFilled(await fill.fill())}
        >
          {fill.filling ? 'Filling…' : 'Fill test data'}
        </button>
        <button type="button" disabled={!offline} onClick={exportJson}>
          Export JSON
        </button>
        <button type="button" disabled={!offline} onClick={() => fileInput.current?.click()}>
          Import JSON…
        </button>
        <input
          ref={fileInput}
          type="file"
          accept="application/json,.json"
          // Out of the accessibility tree: the Import JSON… button is the one way in.
          hidden
          aria-label="Import JSON file"
          onChange={chooseFile}
        />
        <button
          type="button"
          className="danger-outline"
          disabled={!offline}
          onClick={async () => offline && setPending({ kind: 'reset', stored: await offline.storeStatus() })}
        >
          Reset…
        </button>
      </div>
      <StatusMessage place="data" />
      {offline ? null : (
        <p className="hint">
          Export, import and reset apply to offline (in-browser) data only; switch to Offline mode to use
          them.
        </p>
      )}
      {fill.error ? (
        <ApiErrorState
          title="Fill test data failed"
          error={fill.error}
          onRetry={async () => onFilled(await fill.fill())}
        />
      ) : null}
      {offline && exportError ? (
        <ExportRefusal offline={offline} error={exportError} onDismiss={() => setExportError(undefined)} />
      ) : null}
      {importError ? (
        <div className="form-alert" role="alert">
          <p>
            <strong>{importError.file}</strong> was not imported; nothing changed.
          </p>
          {typeof importError.messages === 'string' ? (
            <p>{importError.messages}</p>
          ) : (
            <Messages messages={importError.messages} />
          )}
          <button type="button" onClick={() => setImportError(undefined)}>
            Dismiss
          </button>
        </div>
      ) : null}
      {pending?.kind === 'reset' ? (
        <ConfirmDialog
          title="Reset sandbox data"
          confirmLabel="Delete everything"
          onConfirm={reset}
          onClose={() => setPending(undefined)}
        >
          {pending.stored.readable ? (
            <p>
              This deletes <strong>{storedText(pending.stored, 'resetting')}</strong> stored in this browser.
              It cannot be undone; export first to keep a copy.
            </p>
          ) : (
            <p>{storedText(pending.stored, 'resetting')}</p>
          )}
        </ConfirmDialog>
      ) : null}
      {pending?.kind === 'import' ? (
        <ConfirmDialog
          title="Import sandbox data"
          confirmLabel="Replace and import"
          onConfirm={() => importSnapshot(pending.file, pending.snapshot)}
          onClose={() => setPending(undefined)}
        >
          <p>
            Importing <strong>{pending.file}</strong> ({snapshotCounts(pending.snapshot)}) replaces what this
            browser stores now
            {pending.stored.readable ? (
              <>
                : <strong>{storedText(pending.stored, 'importing')}</strong> will be lost.
              </>
            ) : (
              <>. {storedText(pending.stored, 'importing')}</>
            )}
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  )
}
