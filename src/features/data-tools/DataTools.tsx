import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import {
  OFFLINE_UPSTREAM,
  OfflineExportError,
  type OfflineStoreStatus,
  queryKeys,
  scenarioToLoad,
  UNKNOWN_UPSTREAM,
  useApiClient,
  useUpstream,
} from '../../api'
import {
  type AccountBookFile,
  accountBookFile,
  consoleFile,
  localToday,
  type SandboxSnapshot,
  withAccountBook,
  withoutOfflineBook,
} from '../../contract'
import { StatusMessage, useAnnounce, useClearAnnouncement } from '../../ui/announcer'
import { ChunkBoundary } from '../../ui/ChunkBoundary'
import { FilePicker } from '../../ui/FilePicker'
import { ApiErrorState } from '../ApiErrorState'
import { dataImport, ImportRefusal, importProblemsInWords, importTools } from '../file-import'
import { ScenariosDialog } from '../scenarios'
import { useView } from '../view-state'
import { bookImportWords } from './book-import'
import { FillButton } from './FillButton'
import type { FillTestData } from './fill'
import { ImportDialog } from './ImportDialog'
import { bookAccounts, count, downloadConsoleFile, snapshotCounts, useOfflineData } from './offline-data'
import {
  type ConditionsLeftOn,
  ConditionsLeftOnAlert,
  type ResetChoice,
  ResetDialog,
  useResetConditions,
} from './ResetDialog'
import { carryAcrossReload, useReloadNote } from './reload-notes'
import { ExportRefusal } from './StoreRecovery'

interface DataToolsProps {
  fill: FillTestData
  onFilled: (firstAccount: string | undefined) => void
  /** False while an empty state offers Fill test data itself: one button per action on screen. */
  offerFill?: boolean
}

type Pending =
  | { kind: 'reset'; stored: OfflineStoreStatus }
  | { kind: 'import'; file: string; snapshot: SandboxSnapshot; stored: OfflineStoreStatus }

/**
 * Fill works in both modes. Offline, export and import carry the in-browser store's data with the account
 * book, and reset empties the store; in proxy mode, where the data lives upstream, export and import carry
 * the account book alone (docs/decisions.md#data-files).
 */
export function DataTools({ fill, onFilled, offerFill = true }: DataToolsProps) {
  const offline = useOfflineData()
  const { book } = useApiClient()
  const upstream = useUpstream().data
  const client = useQueryClient()
  const announce = useAnnounce()
  const clearStatus = useClearAnnouncement()
  const [, setView] = useView()
  const [pending, setPending] = useState<Pending>()
  const [importError, setImportError] = useState<{ file: string; problems: readonly string[] }>()
  const [exportError, setExportError] = useState<OfflineExportError>()
  const [conditionsLeftOn, setConditionsLeftOn] = useState<ConditionsLeftOn>()
  const resetConditions = useResetConditions()
  // A scenario loaded with a reload (another bank personality) says so here, on the page it opened.
  useReloadNote()
  // A scenario Copy to offline saved before this tab switched here: its loading is offered at once.
  const [toLoad] = useState(() => (offline?.scenarios ? scenarioToLoad.peek() : undefined))
  useEffect(() => {
    if (toLoad !== undefined) scenarioToLoad.clear()
  }, [toLoad])
  const [scenariosOpen, setScenariosOpen] = useState(toLoad !== undefined)

  const refresh = () => client.resetQueries({ queryKey: queryKeys.all })

  const exportJson = async () => {
    clearStatus()
    setExportError(undefined)
    if (!offline) {
      const file = accountBookFile(book.exportBook(), localToday())
      downloadConsoleFile(file)
      announce(`Exported the account book: ${count(bookAccounts(file.accountBook.books), 'card account')}`, {
        place: 'data',
      })
      return
    }
    let snapshot: SandboxSnapshot
    try {
      snapshot = await offline.exportSnapshot()
    } catch (error) {
      if (!(error instanceof OfflineExportError)) throw error
      setExportError(error)
      return
    }
    downloadConsoleFile(withAccountBook(snapshot, book.exportBook()))
    announce(`Exported ${snapshotCounts(snapshot)}`, { place: 'data' })
  }

  const chooseFile = async (file: File) => {
    clearStatus()
    setImportError(undefined)
    const refuse = (problems: readonly string[]) => setImportError({ file: file.name, problems })
    const { checkImport, readImportFile } = await importTools()
    const read = await readImportFile(file)
    if (!read.ok) return refuse([read.reason])
    const scenario = scenarioRefusal(read.data, offline !== undefined)
    if (scenario) return refuse([scenario])
    // The whole file is checked, its book included, before anything changes.
    const parsed = checkImport(read.data, consoleFile, dataImport)
    if (!parsed.ok) return refuse(parsed.problems)
    if (parsed.data.kind === 'account-book' || !offline) return importBook(file.name, parsed.data)
    const stored = await offline.storeStatus()
    if (stored.readable && stored.accounts === 0) await importSnapshot(file.name, parsed.data)
    else setPending({ kind: 'import', file: file.name, snapshot: parsed.data, stored })
  }

  /**
   * The book alone is merged (nothing it knew is lost). The in-browser sandbox's book is left as it is: it
   * names that sandbox's accounts, and only its data file replaces them.
   */
  const importBook = (file: string, consoleFile: SandboxSnapshot | AccountBookFile) => {
    if (consoleFile.accountBook === undefined) {
      setImportError({
        file,
        problems: [
          'It holds offline data without an account book (a file of an earlier console): switch to Offline ' +
            'mode to import it.',
        ],
      })
      return
    }
    book.importBook(withoutOfflineBook(consoleFile.accountBook.books))
    const dataLeft =
      consoleFile.kind === 'data'
        ? "; the file's offline data was not imported (switch to Offline mode for it)"
        : ''
    announce(`${bookImportWords(consoleFile.accountBook.books, upstream ?? UNKNOWN_UPSTREAM)}${dataLeft}`, {
      place: 'data',
    })
  }

  const importSnapshot = async (file: string, snapshot: SandboxSnapshot) => {
    if (!offline) return
    const result = await offline.importSnapshot(snapshot)
    setPending(undefined)
    setExportError(undefined)
    if (!result.ok) {
      setImportError({ file, problems: importProblemsInWords(snapshot, result.problem.messages, dataImport) })
      return
    }
    // The book of the in-browser sandbox named the accounts just replaced: the file's book replaces it.
    book.importBook(snapshot.accountBook?.books ?? {}, { replacing: OFFLINE_UPSTREAM })
    await refresh()
    setView({ account: snapshot.cardAccounts[0]?.account.resourceId, offset: 0 })
    announce(
      `Imported ${count(result.value.accounts, 'card account')} and ${count(result.value.transactions, 'transaction')}`,
      { place: 'data' },
    )
  }

  const reset = async (choice: ResetChoice) => {
    if (!offline) return
    await offline.reset()
    book.clear(OFFLINE_UPSTREAM)
    setPending(undefined)
    setExportError(undefined)
    const conditions = await resetConditions(choice)
    setConditionsLeftOn(conditions.leftOn)
    await refresh()
    setView({ account: undefined, offset: 0 })
    announce(`Sandbox data reset: nothing stored${conditions.note}`, { place: 'data' })
  }

  return (
    <section className="data-tools" aria-labelledby="data-tools-heading">
      <h2 id="data-tools-heading">Data</h2>
      <div className="tool-buttons">
        {offerFill ? <FillButton fill={fill} onFilled={onFilled} /> : null}
        <button type="button" onClick={exportJson}>
          {offline ? 'Export JSON' : 'Export book'}
        </button>
        <FilePicker inputLabel="Import JSON file" accept="application/json,.json" onFile={chooseFile}>
          {offline ? 'Import JSON…' : 'Import book…'}
        </FilePicker>
        {offline?.scenarios ? (
          <button type="button" onClick={() => setScenariosOpen(true)}>
            Scenarios…
          </button>
        ) : null}
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
          The data lives in the sandbox: export and import carry the console's account book (the accounts it
          knows, per sandbox) only. Offline data and reset are in Offline mode.
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
      {conditionsLeftOn ? (
        <ConditionsLeftOnAlert leftOn={conditionsLeftOn} onDismiss={() => setConditionsLeftOn(undefined)} />
      ) : null}
      {importError ? (
        <ImportRefusal
          file={importError.file}
          problems={importError.problems}
          onDismiss={() => setImportError(undefined)}
        />
      ) : null}
      {scenariosOpen && offline?.scenarios ? (
        <ChunkBoundary title="Scenarios" onClose={() => setScenariosOpen(false)}>
          <ScenariosDialog
            offline={offline}
            scenarios={offline.scenarios}
            offerLoad={toLoad}
            carryAcrossReload={carryAcrossReload}
            onClose={() => setScenariosOpen(false)}
          />
        </ChunkBoundary>
      ) : null}
      {pending?.kind === 'reset' ? (
        <ResetDialog stored={pending.stored} onReset={reset} onClose={() => setPending(undefined)} />
      ) : null}
      {pending?.kind === 'import' ? (
        <ImportDialog
          file={pending.file}
          snapshot={pending.snapshot}
          stored={pending.stored}
          onImport={() => importSnapshot(pending.file, pending.snapshot)}
          onClose={() => setPending(undefined)}
        />
      ) : null}
    </section>
  )
}

/** Where a scenario file is imported instead, in words; undefined for a file that is no scenario. */
function scenarioRefusal(data: unknown, offline: boolean): string | undefined {
  if (typeof data !== 'object' || data === null || (data as { kind?: unknown }).kind !== 'scenario') {
    return undefined
  }
  return offline
    ? 'It is a scenario: import it under Scenarios…, where loading it replaces the whole offline state.'
    : 'It is a scenario of the offline sandbox: switch to Offline mode and import it under Scenarios….'
}
