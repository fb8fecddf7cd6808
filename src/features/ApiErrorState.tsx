import { useQueryClient } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import {
  ApiError,
  isSignatureRefusal,
  OFFLINE_UPSTREAM,
  queryKeys,
  readAgainUnderSwitch,
  UnreachableError,
  useApiClient,
  useTamper,
} from '../api'
import { tamperLabels } from '../signing/tamper-scenarios'
import { ErrorState } from '../ui/ErrorState'
import { Messages, ShapedBy } from '../ui/Messages'
import { StoreRecoveryActions, useOfflineData } from './data-tools'
import { useView } from './view-state'

interface ApiErrorStateProps {
  /** What failed, e.g. "Could not load transactions". */
  title: string
  error: Error
  onRetry?: (() => void) | undefined
  /**
   * Whether an unreadable in-browser store gets its ways out here. One place offers them (the account list,
   * always on screen); the other failures it causes only say what happened.
   */
  offerStoreRecovery?: boolean
  /** Ways out beside Retry: what to change so the request can succeed. */
  actions?: ReactNode
  /** A panel beside the main content: shown, not read out (src/ui/ErrorState.tsx). */
  quiet?: boolean
}

/**
 * The sandbox's own messages for an ApiError; for a failed connection, which mode was unreachable; for an
 * in-browser store that cannot be read, the ways out.
 */
export function ApiErrorState({
  title,
  error,
  onRetry,
  offerStoreRecovery = false,
  actions,
  quiet = false,
}: ApiErrorStateProps) {
  const offline = useOfflineData()
  // No answer at all, and no test condition that dropped it on purpose: the proxy is stopped or restarting,
  // and the header watches for its return (src/api/proxy-return.ts).
  const proxyGone =
    error instanceof UnreachableError &&
    error.mode === 'proxy' &&
    error.answer === undefined &&
    error.condition === undefined
  const unreadableStore =
    offerStoreRecovery &&
    offline !== undefined &&
    error instanceof ApiError &&
    error.messages.some((m) => m.code === 'STORE_UNREADABLE')
  return (
    <ErrorState
      title={error instanceof ApiError ? `${title} (HTTP ${error.status})` : title}
      onRetry={onRetry}
      actions={
        <>
          {actions}
          <SignCorrectly error={error} />
        </>
      }
      quiet={quiet}
    >
      {error instanceof ApiError ? <Messages messages={error.messages} /> : <p>{error.message}</p>}
      {error instanceof ApiError ? <ShapedBy condition={error.condition} /> : null}
      {error instanceof ApiError && error.retryAfter !== undefined ? (
        <p className="retry-after">{retryAfterText(error.retryAfter)}</p>
      ) : null}
      {error instanceof ApiError && !error.hasTppMessages && error.body !== undefined ? (
        // A gateway's own answer (an HTML page, `{"error": ...}`): shown as it came.
        <details className="what-came">
          <summary>What came</summary>
          <pre className="raw-json">{error.body}</pre>
        </details>
      ) : null}
      {error instanceof UnreachableError && error.mode === 'proxy' ? (
        <p className="hint">
          Is the proxy running (npm start)? Or switch to Offline mode in the header.
          {proxyGone ? ' The console reads again by itself as soon as the proxy answers.' : null}
        </p>
      ) : null}
      {unreadableStore ? <UnreadableStoreActions /> : null}
      <SpoiledOnPurpose error={error} />
    </ErrorState>
  )
}

/**
 * A signature refusal while the header's Signature switch spoils every request is the refusal the tester
 * asked for, which Retry repeats: said, and the way back offered beside Retry.
 */
function SpoiledOnPurpose({ error }: { error: Error }) {
  const scenario = useTamper()
  if (scenario === undefined || !isSignatureRefusal(error)) return null
  return (
    <p className="hint">
      Sent with the Signature switch on “{tamperLabels[scenario]}” (Test conditions): this refusal is the one
      it asks for.
    </p>
  )
}

function SignCorrectly({ error }: { error: Error }) {
  const scenario = useTamper()
  const { settings } = useApiClient()
  const client = useQueryClient()
  if (scenario === undefined || !isSignatureRefusal(error)) return null
  return (
    <button
      type="button"
      onClick={() => {
        settings.tamper.write(undefined)
        void readAgainUnderSwitch(client)
      }}
    >
      Sign correctly
    </button>
  )
}

/** Retry-After in words: seconds, or an HTTP-date as the server wrote it. */
function retryAfterText(value: string): string {
  if (/^\d+$/.test(value)) {
    const seconds = Number(value)
    return `The server asks to retry after ${seconds} ${seconds === 1 ? 'second' : 'seconds'} (Retry-After: ${value}).`
  }
  return `The server asks to retry after ${value} (Retry-After).`
}

function UnreadableStoreActions() {
  const offline = useOfflineData()
  const client = useQueryClient()
  const { book } = useApiClient()
  const [, setView] = useView()
  if (!offline) return null
  return (
    <StoreRecoveryActions
      offline={offline}
      onReset={async () => {
        // The book of this browser's accounts names what the reset deleted.
        book.clear(OFFLINE_UPSTREAM)
        setView({ account: undefined, offset: 0 })
        await client.resetQueries({ queryKey: queryKeys.all })
      }}
    />
  )
}
