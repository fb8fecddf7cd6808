import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { type ReactNode, useEffect, useState } from 'react'
import { type ApiClient, ApiClientProvider, type OfflineData } from '../api'
import { OfflineDataContext } from '../features/data-tools/offline-data'
import { AnnouncerProvider } from '../ui/announcer'

interface ProvidersProps {
  client: ApiClient
  offline: OfflineData | undefined
  children: ReactNode
}

export function Providers({ client, offline, children }: ProvidersProps) {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          // Errors are the sandbox's answers (or the transport already retried the worker): show them at once.
          queries: { retry: false },
        },
      }),
  )
  // Another tab wrote to the offline data: what this tab shows may be stale.
  useEffect(
    () => offline?.onExternalChange(() => void queryClient.invalidateQueries()),
    [offline, queryClient],
  )
  return (
    <QueryClientProvider client={queryClient}>
      <ApiClientProvider client={client}>
        <OfflineDataContext value={offline}>
          <AnnouncerProvider>{children}</AnnouncerProvider>
        </OfflineDataContext>
      </ApiClientProvider>
    </QueryClientProvider>
  )
}
