import { headerNames } from '../contract'
import { consoleFetch } from './console-secret'

/**
 * What the page learns from the proxy's answers: it is back after none came, it serves another sandbox, or
 * it took a write from another tab of this browser.
 */
export type ProxyNews = 'back' | 'other-sandbox' | 'written-by-another-tab'

/** Where the tabs of this browser on one proxy say that it took a write of theirs. */
const WRITES_CHANNEL = 'sandbox-console:proxy-writes'

/**
 * What the proxy's answers say about it, for the API client that heard them (each client its own, as its
 * deletion refusals): whether it answers at all (a read that got no
 * answer in proxy mode says it stopped; an answer of the proxy's says it is back), and which sandbox it
 * serves (every answer of the proxy's carries a fingerprint of its connection, headerNames.consoleConnection).
 * Nothing is asked for this: the console's own requests tell it, the operations through the transport and
 * the requests to the proxy's own routes through `ask`.
 */
export function createProxyAnswers({ otherTabs = false }: { otherTabs?: boolean } = {}) {
  let answering = true
  let connectionTag: string | undefined
  const watchers = new Set<() => void>()
  const listeners = new Set<(news: ProxyNews) => void>()
  const tell = (news: ProxyNews) => {
    for (const listener of listeners) listener(news)
  }
  // Offline, the in-browser sandbox's store tells the other tabs of a write (src/sandbox/storage/
  // indexeddb-store.ts). By proxy the data is the upstream's, and only the tab that wrote knows of it.
  const writes =
    otherTabs && typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel(WRITES_CHANNEL) : undefined
  writes?.addEventListener('message', () => tell('written-by-another-tab'))
  const setAnswering = (value: boolean) => {
    answering = value
    for (const watcher of watchers) watcher()
  }
  /** A request to the proxy got no answer at all, and no test condition dropped it: stopped, or restarting. */
  const noAnswer = () => {
    if (answering) setAnswering(false)
  }
  /** An answer came to a request sent to the page's server. */
  const heard = (response: Response) => {
    const tag = response.headers.get(headerNames.consoleConnection)
    if (tag !== null) {
      const before = connectionTag
      connectionTag = tag
      if (before !== undefined && before !== tag) tell('other-sandbox')
    }
    // The proxy's own JSON, even a refusal (a console token asked for), says it is back; a web page there
    // (a server that is not the proxy, answering every path with the console's page) does not.
    const fromTheProxy = tag !== null || response.headers.get('content-type')?.includes('json') === true
    if (!answering && fromTheProxy) {
      setAnswering(true)
      tell('back')
    }
  }
  return {
    answering: () => answering,
    /** For useSyncExternalStore: called whenever `answering` changes. */
    subscribe(watcher: () => void): () => void {
      watchers.add(watcher)
      return () => watchers.delete(watcher)
    },
    onNews(listener: (news: ProxyNews) => void): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    noAnswer,
    heard,
    /** The proxy took a write of this tab's: the other tabs of this browser on it are told. */
    wrote(): void {
      writes?.postMessage('written')
    },
    /**
     * A request to one of the proxy's own routes (`/console/*`), told both ways: its answer is heard, and
     * none at all says the proxy stopped. No test condition applies to these routes (only to operations),
     * so an idle page's poll of the conditions notices a stopped proxy as a read would.
     */
    async ask(path: string, init?: RequestInit): Promise<Response> {
      let response: Response
      try {
        response = await consoleFetch(path, init)
      } catch (error) {
        noAnswer()
        throw error
      }
      heard(response)
      return response
    },
  }
}

export type ProxyAnswers = ReturnType<typeof createProxyAnswers>
