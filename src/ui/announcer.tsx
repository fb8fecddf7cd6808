import { createContext, type ReactNode, useCallback, useContext, useState } from 'react'

type Announce = (message: string) => void
interface Message {
  text: string
  n: number
}

const AnnounceContext = createContext<Announce>(() => {})
const MessageContext = createContext<Message>({ text: '', n: 0 })

/** Status changes ("12 transactions created", "Page 2 loaded") for eyes and screen readers alike. */
export function AnnouncerProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState<Message>({ text: '', n: 0 })
  const announce = useCallback<Announce>((text) => setMessage((m) => ({ text, n: m.n + 1 })), [])
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
