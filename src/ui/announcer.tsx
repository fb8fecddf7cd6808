import { createContext, type ReactNode, useCallback, useContext, useState } from 'react'

/**
 * Where a status message shows: next to what it reports (the account list, the data tools, the main
 * area). The page has one live region for screen readers; each place shows the same text to the eye.
 */
export type StatusPlace = 'accounts' | 'data' | 'main'

/**
 * `heardOnly` messages are read out and not shown: what the screen itself already shows (the page's type
 * and layout changing), said for a screen reader; the message shown stays.
 * `minor` messages (a page loaded) do not replace a major one (transactions created) announced for the
 * same view: that load is the major action's own refresh.
 */
type Announce = (
  message: string,
  options?: { minor?: boolean; place?: StatusPlace; heardOnly?: boolean },
) => void
interface Message {
  text: string
  n: number
  major: boolean
  /** The view (URL query) the message was announced in. */
  view: string
  /** The last major message, shown in its place: a page loaded since is read out, not shown. */
  shown: ({ text: string; place: StatusPlace } & PageOfView) | undefined
}

/** The account and page a view shows: the main area's messages are of them. */
interface PageOfView {
  account: string | null
  page: number
}

function pageOf(search: string): PageOfView {
  const params = new URLSearchParams(search)
  return { account: params.get('account'), page: Number(params.get('offset') ?? 0) }
}

const silence: Message = { text: '', n: 0, major: false, view: '', shown: undefined }
const AnnounceContext = createContext<Announce>(() => {})
const ClearContext = createContext<() => void>(() => {})
const MessageContext = createContext<Message>(silence)

/**
 * Status changes ("12 transactions created", "Page 2 loaded") for eyes and screen readers alike. A
 * message stays until the next one, or until an action starts that it must not be read beside (a failed
 * import beside a stale "Imported…").
 */
export function AnnouncerProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState<Message>(silence)
  const announce = useCallback<Announce>((text, options) => {
    const minor = options?.minor ?? false
    const place = options?.place ?? 'main'
    const view = location.search
    setMessage((m) => {
      if (options?.heardOnly) return { ...m, text, n: m.n + 1 }
      if (minor && m.major && m.view === view) return m
      return {
        text,
        n: m.n + 1,
        major: !minor,
        view,
        shown: minor ? m.shown : { text, place, ...pageOf(view) },
      }
    })
  }, [])
  const clear = useCallback(
    () => setMessage((m) => (m.text === '' && m.shown === undefined ? m : { ...silence, n: m.n + 1 })),
    [],
  )
  return (
    <AnnounceContext.Provider value={announce}>
      <ClearContext.Provider value={clear}>
        <MessageContext.Provider value={message}>{children}</MessageContext.Provider>
      </ClearContext.Provider>
    </AnnounceContext.Provider>
  )
}

export function useAnnounce(): Announce {
  return useContext(AnnounceContext)
}

/** Call when an action starts: the last message no longer describes the screen. */
export function useClearAnnouncement(): () => void {
  return useContext(ClearContext)
}

/** The page's one live region (read out, not seen); the keyed span makes a repeated message count as new. */
export function AnnouncementRegion() {
  const { text, n } = useContext(MessageContext)
  return (
    <p className="announcement visually-hidden" role="status" aria-live="polite">
      <span key={n}>{text}</span>
    </p>
  )
}

/**
 * The last message, shown where it belongs. Hidden from screen readers: the live region has said it,
 * and a second copy would be read twice. A page loaded is not shown: the rows text already says it. The
 * main area's messages are of the account and page they were said on ("1 transaction created"): on another
 * account, or another page of it, they are stale and not shown (docs/decisions.md#status-messages). Its
 * parent renders with the view.
 */
export function StatusMessage({ place }: { place: StatusPlace }) {
  const { shown } = useContext(MessageContext)
  if (shown?.place !== place || shown.text === '') return null
  if (place === 'main') {
    const now = pageOf(location.search)
    if (shown.account !== now.account || shown.page !== now.page) return null
  }
  return (
    <p className="status-message" aria-hidden="true">
      {shown.text}
    </p>
  )
}
