import { type StorageTrouble, storageTrouble } from '../api'

/**
 * What the browser's storage did to the console's values, in the same words whichever value it was
 * (src/api/storage-notices.ts). Loaded only when there is something to say.
 */
export function StorageNotices({ trouble }: { trouble: StorageTrouble }) {
  return (
    <section className="banner" role="alert" aria-label="Browser storage">
      {trouble.unsaved.length > 0 ? (
        <p>
          This browser's storage for the console is full, so {inWords(trouble.unsaved)} could not be saved:
          this page still has {trouble.unsaved.length === 1 ? 'it' : 'them'}, but a reload or another tab will
          not. {trouble.afterReload.map((loss) => `${loss} `)}Free some space for this site (its stored data,
          in the browser's settings) before you reload; the console saves again at the next change.
        </p>
      ) : null}
      {trouble.unreadable.map((loss) => (
        <p key={loss}>{loss}</p>
      ))}
      <button type="button" onClick={storageTrouble.dismiss}>
        Dismiss
      </button>
    </section>
  )
}

const inWords = (names: readonly string[]) =>
  new Intl.ListFormat('en', { style: 'long', type: 'conjunction' }).format(names)
