import { type ComponentType, createContext, type ReactNode, useContext, useMemo, useState } from 'react'
import { ChunkBoundary } from './ChunkBoundary'

/** One dialog of a registry: what it renders, given what its opener passed and how to close it. */
export interface DialogEntry<P> {
  /** A lazily loaded dialog's title, for its loading and load-failure states; none for one in the page's chunk. */
  chunkTitle?: string
  Component: ComponentType<P & { onClose: () => void }>
}

/** What a dialog's opener passes, per dialog id. */
export type DialogPropsMap = Record<string, object>

/** The dialog open now: which one, what it was opened with, and from which view. */
export interface OpenedDialog<M extends DialogPropsMap, K extends keyof M = keyof M> {
  id: K
  props: M[K]
  /**
   * The view it was opened from (the URL's search, unless the opener names another), recorded so that
   * history can close or hold a dialog that belongs to a view left behind (issue 19); not acted on yet.
   */
  owner: string
}

/** A dialog whose opener passes nothing takes no second argument. */
type PropsArgument<P> = object extends P ? [props?: P] : [props: P]

export interface Dialogs<M extends DialogPropsMap> {
  opened: OpenedDialog<M> | undefined
  /** Opens `id` in place of any dialog open now: one at a time, as modal dialogs are. */
  open<K extends keyof M & string>(id: K, ...props: PropsArgument<M[K]>): void
  /** Like `open`, with the view that owns it named. */
  openOwned<K extends keyof M & string>(owner: string, id: K, ...props: PropsArgument<M[K]>): void
  close(): void
}

/** A registry's entries: one per dialog id. */
export type DialogEntries<M extends DialogPropsMap> = { [K in keyof M]: DialogEntry<M[K]> }

const DialogsContext = createContext<Dialogs<DialogPropsMap> | undefined>(undefined)

/**
 * Holds the one open dialog of the console, and how to open and close it. Given by the composition root,
 * which names its dialogs (`DialogEntries`) and places `<DialogOutlet>` where they render.
 */
export function DialogsProvider({ children }: { children: ReactNode }) {
  const [opened, setOpened] = useState<OpenedDialog<DialogPropsMap>>()
  const dialogs = useMemo<Dialogs<DialogPropsMap>>(() => {
    const openOwned = (owner: string, id: string, props?: object) =>
      setOpened({ id, props: props ?? {}, owner })
    return {
      opened,
      openOwned,
      open: (id, ...[props]) => openOwned(location.search, id, props),
      close: () => setOpened(undefined),
    }
  }, [opened])
  return <DialogsContext value={dialogs}>{children}</DialogsContext>
}

/** The open dialog and the API to open one of `M` (the registry's props by id) or close it. */
export function useDialogs<M extends DialogPropsMap>(): Dialogs<M> {
  const dialogs = useContext(DialogsContext)
  if (!dialogs) throw new Error('useDialogs() needs a <DialogsProvider> above it')
  // One provider serves one registry: the composition root's, whose entries type M.
  return dialogs as unknown as Dialogs<M>
}

/** Where the open dialog renders: a lazily loaded one inside its own load-failure boundary. */
export function DialogOutlet<M extends DialogPropsMap>({ entries }: { entries: DialogEntries<M> }) {
  const { opened, close } = useDialogs<M>()
  if (!opened) return null
  const entry = entries[opened.id] as DialogEntry<M[keyof M]>
  const dialog = <entry.Component {...opened.props} onClose={close} />
  return entry.chunkTitle === undefined ? (
    dialog
  ) : (
    <ChunkBoundary title={entry.chunkTitle} onClose={close}>
      {dialog}
    </ChunkBoundary>
  )
}
