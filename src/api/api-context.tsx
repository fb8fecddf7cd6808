import { createContext, type ReactNode, useContext } from 'react'
import type { ApiClient } from './api-client'

const ApiClientContext = createContext<ApiClient | undefined>(undefined)

export function ApiClientProvider({ client, children }: { client: ApiClient; children: ReactNode }) {
  return <ApiClientContext value={client}>{children}</ApiClientContext>
}

/** The client the app built at start; there is no default one, so a tree without it fails loudly. */
export function useApiClient(): ApiClient {
  const client = useContext(ApiClientContext)
  if (!client) throw new Error('useApiClient() needs an <ApiClientProvider> above it')
  return client
}
