import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useSyncExternalStore } from 'react'
import { CONSOLE_CONNECTION_PATH } from '../contract'
import { useApiClient } from './api-context'
import { queryKeys } from './keys'
import { readAgain } from './read-again'

/** How often a console that lost its proxy asks whether it is back. */
const ASK_EVERY_MS = 2_000

/**
 * Whether the proxy answers (src/api/proxy-answers.ts), for the header to say, and what follows from its
 * answers, for the whole page; mounted once (by the header). While a request got no answer at all (the
 * proxy stopped, or is restarting), asks the proxy every two seconds whether it answers again; once it
 * does, reads again every read that failed, so a restart in the middle of a demo heals without a Retry in
 * each panel (only the failed reads: this question is a query too). When an answer says the proxy now
 * serves another sandbox (restarted onto another upstream, personality or data file), forgets everything
 * read before, the connection with it, and reads again what is on screen: nothing of the old sandbox
 * stays beside the new one's answers. A read under way is cut off and sent again.
 */
export function useProxyAnswering(onOtherSandbox: () => void): boolean {
  const client = useQueryClient()
  const { proxyAnswers } = useApiClient()
  const answering = useSyncExternalStore(proxyAnswers.subscribe, proxyAnswers.answering)
  useQuery({
    queryKey: queryKeys.proxyReturn(),
    // The answer, any answer, tells proxyAnswers: nothing to keep here.
    queryFn: async () => {
      await proxyAnswers.ask(CONSOLE_CONNECTION_PATH, { headers: { accept: 'application/json' } })
      return null
    },
    enabled: !answering,
    refetchInterval: ASK_EVERY_MS,
    retry: false,
    gcTime: 0,
  })
  useEffect(() => {
    // Another tab of this browser wrote through the proxy. A read is what a bank's quota counts: a tab out
    // of sight reads again once, when it is shown.
    let owed = false
    const readAgainIfShown = () => {
      if (!owed || document.visibilityState !== 'visible') return
      owed = false
      void readAgain(client)
    }
    document.addEventListener('visibilitychange', readAgainIfShown)
    const stop = proxyAnswers.onNews((news) => {
      if (news === 'written-by-another-tab') {
        owed = true
        return readAgainIfShown()
      }
      if (news === 'back') {
        void client.invalidateQueries({ predicate: (query) => query.state.status === 'error' })
        return
      }
      // Every query, a read under way too: its answer may come from the new sandbox, but the answers it
      // holds are the old one's, and a page that judged by them took a 404 of the new sandbox for an
      // account deleted here ("no longer in the sandbox") in one run of two. A read cut off is sent again.
      void client.resetQueries()
      onOtherSandbox()
    })
    return () => {
      stop()
      document.removeEventListener('visibilitychange', readAgainIfShown)
    }
  }, [client, proxyAnswers, onOtherSandbox])
  return answering
}
