import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { CONSOLE_CONNECTION_PATH } from '../contract'
import { consoleFetch } from './console-secret'
import { queryKeys } from './keys'

/** How often a console that lost its proxy asks whether it is back. */
const ASK_EVERY_MS = 2_000

/**
 * While `watching` (an error state shows that the proxy gave no answer at all: stopped, or restarting),
 * asks the proxy every two seconds whether it answers again, and once it does reads again every read that
 * failed: a restart in the middle of a demo heals without a Retry in each panel. Only the failed reads: the
 * question itself is a query, and reading everything again would ask it again, and again.
 */
export function useReadAgainWhenProxyReturns(watching: boolean): void {
  const client = useQueryClient()
  const { data: answeredAt } = useQuery({
    queryKey: queryKeys.proxyReturn(),
    queryFn: async () => {
      const response = await consoleFetch(CONSOLE_CONNECTION_PATH, {
        headers: { accept: 'application/json' },
      })
      // The proxy's JSON, even a refusal (a console secret asked for), says it is back; a web page there
      // (a server that is not the proxy, answering every path with the console's page) does not.
      if (!response.headers.get('content-type')?.includes('json')) throw new Error('not the proxy')
      return Date.now()
    },
    enabled: watching,
    refetchInterval: ASK_EVERY_MS,
    retry: false,
    gcTime: 0,
  })
  useEffect(() => {
    if (!watching || answeredAt === undefined) return
    void client.invalidateQueries({ predicate: (query) => query.state.status === 'error' })
  }, [watching, answeredAt, client])
}
