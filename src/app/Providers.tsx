import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { type OfflineData, OfflineDataContext } from '../features/data-tools/offline-data'
import { AnnouncerProvider } from '../ui/announcer'

const queryClient = new QueryClient({
  defaultOptions: {
    // Errors are the sandbox's answers (or the transport already retried the worker): show them at once.
    queries: { retry: false },
  },
})

export function Providers({ offline, children }: { offline: OfflineData | undefined; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <OfflineDataContext.Provider value={offline}>
        <AnnouncerProvider>{children}</AnnouncerProvider>
      </OfflineDataContext.Provider>
    </QueryClientProvider>
  )
}
