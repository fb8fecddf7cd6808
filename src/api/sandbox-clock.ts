import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type IsoDate, localToday, type SandboxClockState, type SettlementRequestInput } from '../contract'
import { useApiClient } from './api-context'
import { ApiError } from './errors'
import { queryKeys } from './keys'
import { readAgain } from './read-again'

/** The statuses of a sandbox without the console's own operations: a bank's. */
const ABSENT = new Set([404, 405, 501])

/** Whether a status, to one of the console's own operations, says the sandbox has none (as a bank). */
export const answersWithoutConsoleOperations = (status: number | undefined) =>
  status !== undefined && ABSENT.has(status)

/**
 * Whether the sandbox answered one of the console's own operations as a bank does: it has none. Its own 404
 * for the account the operation names (the route is there, the account not) is not that.
 */
export function isSandboxOnlyAbsent(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    answersWithoutConsoleOperations(error.status) &&
    !error.messages.some((message) => message.path === 'mockCardAccountId')
  )
}

/**
 * Why the sandbox has no clock (and no settlement), when it answered the clock as a bank does; undefined
 * while it has one or has not answered. Offline that is the bank it was told to behave like.
 */
export function useSandboxOnlyAbsence(error: unknown): string | undefined {
  const { mode } = useApiClient()
  if (!isSandboxOnlyAbsent(error)) return undefined
  const why = `the console's own sandbox operations, answered HTTP ${error.status} as a bank does`
  return mode === 'offline'
    ? `The offline sandbox behaves like a bank with no clock and no settlement (${why}): choose the console's behaviour under Sandbox clock and bank… to have them.`
    : `This sandbox has no clock and no settlement (${why}): they work offline, and on a local sandbox whose personality has them.`
}

export function useSandboxClock() {
  const api = useApiClient()
  return useQuery({
    queryKey: queryKeys.clock(),
    queryFn: ({ signal }) => api.getSandboxClock({ signal }),
    // The real date turns at midnight: asked again when the tab comes back.
    staleTime: 60_000,
    // The proxy's sandbox tells no tab that another moved its clock (offline, the storage event does): a tab
    // shown again reads it whatever its age, or its forms would fill in the old today.
    refetchOnWindowFocus: api.mode === 'proxy' ? 'always' : true,
  })
}

/**
 * The clock as the header last read it, sending nothing itself: for a screen that shows or carries it but
 * must not read it again (a form's default dates, a shared link). A sandbox without one answered the
 * header's read 404 and holds no data, which a new reader of `useSandboxClock` would take as stale and ask
 * again, in the inspector each time.
 */
export function useShownSandboxClock() {
  const api = useApiClient()
  return useQuery({
    queryKey: queryKeys.clock(),
    queryFn: ({ signal }) => api.getSandboxClock({ signal }),
    enabled: false,
  })
}

/**
 * The sandbox's today for the forms' default dates: its clock's as the header last read it, or the local
 * date where it has none. It sends nothing itself, so a form sends no request before its own.
 */
export function useToday(): IsoDate {
  const clock = useShownSandboxClock()
  return clock.data?.kind === 'read' ? clock.data.value.today : localToday()
}

export function useSetSandboxClock() {
  const api = useApiClient()
  const client = useQueryClient()
  return useMutation({
    mutationFn: (state: SandboxClockState) => api.setSandboxClock(state),
    onSuccess: (answer) => {
      if (answer.kind === 'read') client.setQueryData(queryKeys.clock(), answer)
      // The automatic settlement may have booked transactions of any account.
      return readAgain(client, { queryKey: queryKeys.all })
    },
  })
}

/** `corporateId`: the PSU-Corporate-ID a corporate account's writes send (spec §5.5). */
export function useSettleTransactions(accountId: string, corporateId?: string) {
  const api = useApiClient()
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: SettlementRequestInput) => api.settleTransactions(accountId, body, { corporateId }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.transactions(accountId) }),
  })
}
