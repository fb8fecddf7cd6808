import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { type ReactNode, useEffect, useState } from 'react'
import {
  type ApiClient,
  ApiClientProvider,
  memoryStorage,
  type OfflineData,
  OfflineProfilesContext,
  readAgain,
} from '../api'
import { OfflineDataContext } from '../features/data-tools'
import { createPresenterSetting, PresenterContext, type PresenterSetting } from '../features/presenter'
import { AnnouncerProvider } from '../ui/announcer'
import { DialogsProvider } from '../ui/dialog-registry'
import { HelpTextContext } from '../ui/help'
import { lazyChunk } from '../ui/lazy-chunk'

// Loads with the first dialog Help opened, not with the page.
const HelpText = lazyChunk(() => import('./help-text').then((m) => m.HelpText))

import { offlineProfiles } from './offline-profiles'

interface ProvidersProps {
  client: ApiClient
  offline: OfflineData | undefined
  /** localStorage's in the app; one in memory when not given (tests). */
  presenter?: PresenterSetting | undefined
  children: ReactNode
}

export function Providers({ client, offline, presenter: given, children }: ProvidersProps) {
  const [own] = useState(() => given ?? createPresenterSetting(memoryStorage()))
  const presenter = given ?? own
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
  useEffect(() => offline?.onExternalChange(() => void readAgain(queryClient)), [offline, queryClient])
  return (
    <QueryClientProvider client={queryClient}>
      <ApiClientProvider client={client}>
        <OfflineDataContext value={offline}>
          <PresenterContext value={presenter}>
            <OfflineProfilesContext value={offlineProfiles}>
              <AnnouncerProvider>
                <HelpTextContext value={HelpText}>
                  <DialogsProvider>{children}</DialogsProvider>
                </HelpTextContext>
              </AnnouncerProvider>
            </OfflineProfilesContext>
          </PresenterContext>
        </OfflineDataContext>
      </ApiClientProvider>
    </QueryClientProvider>
  )
}
