import { type DeletionSupport, useApiClient, useConnection, useDeletionSupport, useUpstream } from '../api'

/** Whether this tab's sandbox can delete one account or transaction: offline always; by proxy, the local one. */
export function useDeletion(): DeletionSupport {
  const api = useApiClient()
  const upstream = useUpstream()
  const connection = useConnection()
  // Offline there is no connection to ask (null): the in-browser sandbox is the console's own.
  const local = connection.data === null ? true : connection.data?.local
  return useDeletionSupport(api.deletion, upstream.data, local)
}
