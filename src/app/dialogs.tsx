import { type ScenarioSaver, useApiClient } from '../api'
import { type AccountView, accountLabel, type KnownAccount } from '../features/card-accounts'
import { RemoveAccountDialog } from '../features/card-accounts/RemoveAccountDialog'
import { ConditionsDialog } from '../features/conditions'
import { ConnectionDialog } from '../features/connection'
import { ExplainDialog } from '../features/explain'
import { ClockDialog } from '../features/sandbox-clock'
import { CopyToOfflineDialog } from '../features/scenarios'
import {
  AddTransactionsDialog,
  type DeletableRow,
  DeleteTransactionDialog,
  markRecent,
  SettleDialog,
  type TransactionFormRow,
  viewChangeSaid,
  viewShowing,
} from '../features/transactions'
import { useDeletion } from '../features/use-deletion'
import { parseView, useView } from '../features/view-state'
import { useAnnounce } from '../ui/announcer'
import { type DialogEntries, DialogOutlet, useDialogs } from '../ui/dialog-registry'
import { lazyChunk } from '../ui/lazy-chunk'

// Each feature's entry exports its dialogs that load when first opened; Help is the console's own. By
// path: those an entry cannot export without growing the page's JavaScript or an import cycle (App.tsx).
const NewAccountDialog = lazyChunk(() =>
  import('../features/card-accounts/NewAccountDialog').then((m) => m.NewAccountDialog),
)
const DeleteAccountDialog = lazyChunk(() =>
  import('../features/card-accounts/DeleteAccountDialog').then((m) => m.DeleteAccountDialog),
)
const OpenAccountDialog = lazyChunk(() =>
  import('../features/card-accounts/OpenAccountDialog').then((m) => m.OpenAccountDialog),
)
// The exports bring the portable signer's source for the Postman collection.
const ShareDialog = lazyChunk(() => import('../features/share/ShareDialog').then((m) => m.ShareDialog))
const GenerateDialog = lazyChunk(() =>
  import('../features/data-tools/GenerateDialog').then((m) => m.GenerateDialog),
)
const HelpDialog = lazyChunk(() => import('./HelpDialog').then((m) => m.HelpDialog))

type Closing = { onClose: () => void }

/** What each dialog is opened with, by its id. */
type DialogProps = {
  'new-account': object
  'open-account': object
  'add-transactions': { account: AccountView; initial?: TransactionFormRow[] | undefined }
  generate: { account: AccountView }
  help: object
  connection: object
  explain: object
  clock: { offline: boolean }
  conditions: object
  share: object
  'remove-account': { account: KnownAccount; upstream: string }
  'delete-account': { account: AccountView }
  settle: { account: AccountView; corporateId: string | undefined }
  'delete-transaction': { account: AccountView; row: DeletableRow }
  'copy-to-offline': {
    account: AccountView
    corporateId: string | undefined
    saver: () => Promise<ScenarioSaver>
    onSwitchToOffline: (scenario: string) => void
  }
}

/** The console's dialogs: the one place an id meets its component and what follows its answer. */
const consoleDialogs: DialogEntries<DialogProps> = {
  'new-account': { chunkTitle: 'New card account', Component: NewAccount },
  'open-account': { chunkTitle: 'Open card account', Component: OpenAccount },
  'add-transactions': { chunkTitle: 'Add transactions', Component: AddTransactions },
  generate: { chunkTitle: 'Generate transactions', Component: Generate },
  help: { chunkTitle: 'Help', Component: HelpDialog },
  connection: { chunkTitle: 'Connection', Component: ConnectionDialog },
  explain: { chunkTitle: 'Explain a request', Component: ExplainDialog },
  clock: { chunkTitle: 'Sandbox clock', Component: ClockDialog },
  conditions: { chunkTitle: 'Conditions', Component: ConditionsDialog },
  share: { chunkTitle: 'Share what you see', Component: ShareDialog },
  'remove-account': { Component: RemoveAccount },
  'delete-account': { Component: DeleteAccount },
  settle: { chunkTitle: 'Settle pending transactions', Component: SettleDialog },
  'delete-transaction': { chunkTitle: 'Delete transaction', Component: DeleteTransactionDialog },
  'copy-to-offline': { chunkTitle: 'Copy to offline', Component: CopyToOfflineDialog },
}

/** Opens and closes the console's dialogs (one at a time), wherever the composition root provides them. */
export const useConsoleDialogs = () => useDialogs<DialogProps>()

/** Where the open dialog renders. */
export function ConsoleDialogs() {
  return <DialogOutlet entries={consoleDialogs} />
}

function NewAccount({ onClose }: Closing) {
  const [, setView] = useView()
  const announce = useAnnounce()
  return (
    <NewAccountDialog
      onClose={onClose}
      onCreated={({ id, maskedPan, note }) => {
        onClose()
        setView({ account: id, offset: 0 })
        announce(`Card account ${maskedPan ?? id} created${note ? `; ${note}` : ''}`, { place: 'accounts' })
      }}
    />
  )
}

function OpenAccount({ onClose }: Closing) {
  const [, setView] = useView()
  const announce = useAnnounce()
  return (
    <OpenAccountDialog
      onClose={onClose}
      onOpened={(id, view) => {
        onClose()
        // A pasted console link opens on its own view (status, dates, page), as the link itself would.
        setView(view === undefined ? { account: id, offset: 0 } : { ...parseView(view), account: id })
        announce(`Card account ${id} opened and kept in the book`, { place: 'accounts' })
      }}
    />
  )
}

function AddTransactions({ account, initial, onClose }: DialogProps['add-transactions'] & Closing) {
  const [, setView] = useView()
  const announce = useAnnounce()
  return (
    <AddTransactionsDialog
      account={account}
      initial={initial}
      onClose={onClose}
      onCreated={(created, { sent, booksOnly, notListed }) => {
        onClose()
        // A bank that books only refuses to list any other status: the view stays on booked, and says why.
        const count = `${sent} ${sent === 1 ? 'transaction' : 'transactions'} created`
        const stored = created.kind === 'read' ? created.value.transactions : undefined
        if (stored === undefined) {
          // Without the stored transactions in the answer: every status it lists, from the first row.
          setView({ offset: 0, status: booksOnly ? 'booked' : 'both' })
          const why =
            created.kind === 'no-body'
              ? 'the sandbox sent no body'
              : 'its answer was not what the console expects'
          announce(`${count}; ${why}${notListed}`)
          return
        }
        markRecent(stored.flatMap((tx) => (tx.cardTransactionId === undefined ? [] : [tx.cardTransactionId])))
        const before = parseView(location.search)
        const after = viewShowing(before, stored, booksOnly)
        setView(after)
        announce(count + notListed + viewChangeSaid(before, after))
      }}
    />
  )
}

function Generate({ account, onClose }: DialogProps['generate'] & Closing) {
  const [, setView] = useView()
  return <GenerateDialog account={account} onClose={onClose} onDone={() => setView({ offset: 0 })} />
}

function RemoveAccount({ account, upstream, onClose }: DialogProps['remove-account'] & Closing) {
  const api = useApiClient()
  const [view, setView] = useView()
  const announce = useAnnounce()
  const deletion = useDeletion()
  const remove = async () => {
    const id = account.view.resourceId
    api.book.remove(upstream, id, { hide: account.listed })
    onClose()
    if (view.account === id) setView({ account: undefined, offset: 0 })
    announce(`${accountLabel(account.view)} removed from the book; the sandbox still has it`, {
      place: 'accounts',
    })
  }
  return (
    <RemoveAccountDialog
      account={account}
      upstream={upstream}
      onRemove={remove}
      onClose={onClose}
      cannotDelete={deletion.offered ? undefined : deletion.why}
    />
  )
}

function DeleteAccount({ account, onClose }: DialogProps['delete-account'] & Closing) {
  const [, setView] = useView()
  const announce = useAnnounce()
  return (
    <DeleteAccountDialog
      account={account}
      onClose={onClose}
      onDeleted={() => {
        onClose()
        setView({ account: undefined, offset: 0 })
        announce(`${accountLabel(account)} deleted, with its transactions`)
      }}
    />
  )
}
