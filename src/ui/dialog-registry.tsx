import {
  type ComponentType,
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import { ChunkBoundary } from './ChunkBoundary'
import { type DialogNavigation, DialogNavigationContext, type NavigationOutcome } from './dialog-navigation'

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
   * The view it was opened from (the URL's search, unless the opener names another): the dialog belongs to
   * it, and Back or Forward away from it closes the dialog or is undone (docs/decisions.md#navigation-and-dialogs).
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
  /**
   * Closes the dialog open now; given `which`, only if that one is still it: a dialog replaced while its
   * work ran (a delete awaited) must not close the one opened in its place when it ends.
   */
  close(which?: OpenedDialog<M>): void
}

/** A registry's entries: one per dialog id. */
export type DialogEntries<M extends DialogPropsMap> = { [K in keyof M]: DialogEntry<M[K]> }

const DialogsContext = createContext<Dialogs<DialogPropsMap> | undefined>(undefined)
const NavigationContext = createContext<DialogNavigation | undefined>(undefined)

/**
 * Holds the one open dialog of the console, and how to open and close it. Given by the composition root,
 * which names its dialogs (`DialogEntries`) and places `<DialogOutlet>` where they render.
 *
 * A dialog belongs to the view it was opened from. Back or Forward to another view asks it to close as
 * Escape does: closed at once, the navigation stands; holding typed input, it asks, and the page stays on
 * the dialog's view until the answer (Discard goes on to the view left for, Keep editing stays); busy, the
 * navigation is undone. So no dialog ever shows over, or acts on, a view it was not opened from.
 */
export function DialogsProvider({ children }: { children: ReactNode }) {
  const [opened, setOpened] = useState<OpenedDialog<DialogPropsMap>>()
  // Read by the history listener between renders: set at once by open and close, not at the next render.
  const current = useRef<OpenedDialog<DialogPropsMap>>(undefined)
  const requests = useRef<Array<() => NavigationOutcome>>([])
  // Set while the discard question answers a Back or Forward: Discard then goes on to the view left for.
  const navigationWaits = useRef(false)

  const dialogs = useMemo<Dialogs<DialogPropsMap>>(() => {
    const openOwned = (owner: string, id: string, props?: object) => {
      current.current = { id, props: props ?? {}, owner }
      navigationWaits.current = false
      setOpened(current.current)
    }
    return {
      opened,
      openOwned,
      open: (id, ...[props]) => openOwned(location.search, id, props),
      close: (which) => {
        if (which !== undefined && which !== current.current) return
        current.current = undefined
        setOpened(undefined)
        if (navigationWaits.current) {
          navigationWaits.current = false
          // The entry left for is just behind the dialog's view (see onHistory): go on to it.
          history.back()
        }
      },
    }
  }, [opened])

  const navigation = useMemo<DialogNavigation>(
    () => ({
      attach: (requestClose) => {
        requests.current.push(requestClose)
        return () => {
          requests.current = requests.current.filter((request) => request !== requestClose)
        }
      },
      keptEditing: () => {
        navigationWaits.current = false
      },
    }),
    [],
  )

  const close = useRef(dialogs.close)
  close.current = dialogs.close
  useEffect(() => {
    const onHistory = () => {
      const dialog = current.current
      if (dialog === undefined || location.search === dialog.owner) return
      // The innermost dialog asks (a confirmation inside a form); a dialog without one (a chunk still
      // loading, its failure) holds nothing typed and closes.
      const request = requests.current.at(-1)
      const outcome = request ? request() : 'closed'
      if (outcome === 'closed') {
        close.current()
        return
      }
      // Before React renders the view left for: the page never shows another view under the dialog.
      // The entry left for stays right behind this one, whichever way the user went.
      history.pushState(null, '', dialog.owner)
      navigationWaits.current = outcome === 'asking'
      // A listener that ran first (the order of listeners is not ours) may have shown the view left for:
      // tell every reader of the URL that it is the dialog's view again (this listener ignores it).
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }))
    }
    // Capture, to come ahead of the view's own listeners where the browser orders them so: React renders
    // their update at the microtask checkpoint before the next listener runs.
    window.addEventListener('popstate', onHistory, { capture: true })
    return () => window.removeEventListener('popstate', onHistory, { capture: true })
  }, [])

  return (
    <DialogsContext value={dialogs}>
      <NavigationContext value={navigation}>{children}</NavigationContext>
    </DialogsContext>
  )
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
  const navigation = useContext(NavigationContext)
  if (!opened) return null
  const entry = entries[opened.id] as DialogEntry<M[keyof M]>
  // This dialog's own close: once another has taken its place, it closes nothing.
  const closeThis = () => close(opened)
  const dialog = (
    <DialogNavigationContext value={navigation}>
      <entry.Component {...opened.props} onClose={closeThis} />
    </DialogNavigationContext>
  )
  return entry.chunkTitle === undefined ? (
    dialog
  ) : (
    <ChunkBoundary title={entry.chunkTitle} onClose={closeThis}>
      {dialog}
    </ChunkBoundary>
  )
}
