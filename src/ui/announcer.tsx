import { createContext, type ReactNode, useCallback, useContext, useState } from 'react'

/**
 * `minor` messages (a page loaded) do not replace a major one (transactions created) announced for the
 * same view: that load is the major action's own refresh.
 */
type Announce = (message: string, options?: { minor?: boolean }) => void
interface Message {
  text: string
  n: number
  major: boolean
  /** The view (URL query) the message was announced in. */
  view: string
}

const silence: Message = { text: '', n: 0, major: false, view: '' }
const AnnounceContext = createContext<Announce>(() => {})
const MessageContext = createContext<Message>(silence)

/** Status changes ("12 transactions created", "Page 2 loaded") for eyes and screen readers alike. */
export function AnnouncerProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState<Message>(silence)
  const announce = useCallback<Announce>((text, options) => {
    const minor = options?.minor ?? false
    const view = location.search
    setMessage((m) => (minor && m.major && m.view === view ? m : { text, n: m.n + 1, major: !minor, view }))
  }, [])
  return (
    <AnnounceContext.Provider value={announce}>
      <MessageContext.Provider value={message}>{children}</MessageContext.Provider>
    </AnnounceContext.Provider>
  )
}

export function useAnnounce(): Announce {
  return useContext(AnnounceContext)
}

/** The live region itself; the keyed span makes a repeated message count as new. */
export function AnnouncementRegion() {
  const { text, n } = useContext(MessageContext)
  return (
    <p className="announcement" role="status" aria-live="polite">
      <span key={n}>{text}</span>
    </p>
  )
}
