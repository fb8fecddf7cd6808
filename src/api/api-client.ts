import { createCardAccount, createTransactions, listCardAccounts, listTransactions } from './client'
import type { Mode } from './mode'
import { createRequestLog, type RequestLog } from './request-log'
import type { BrowserRequestSigner } from './request-signer'
import { createTransport, type OfflineWorker, type Transport } from './transport'

/** An operation of `client.ts` with its transport already given. */
type Bound<F> = F extends (send: Transport, ...args: infer A) => infer R ? (...args: A) => R : never

/** The sandbox's operations as this app reaches them, and the log of every request they sent. */
export interface ApiClient {
  readonly mode: Mode
  readonly log: RequestLog
  listCardAccounts: Bound<typeof listCardAccounts>
  createCardAccount: Bound<typeof createCardAccount>
  listTransactions: Bound<typeof listTransactions>
  createTransactions: Bound<typeof createTransactions>
}

export interface ApiClientOptions {
  mode: Mode
  /** Offline mode: the browser signs with the shipped test identity. */
  signer?: BrowserRequestSigner | undefined
  /** Offline mode: the in-browser sandbox's worker, re-started when it stops intercepting. */
  offline?: OfflineWorker | undefined
}

/** Built once at start by the composition root, once the mode's runtime (signer, worker) is up. */
export function createApiClient({ mode, signer, offline }: ApiClientOptions): ApiClient {
  const log = createRequestLog()
  const send = createTransport({ mode, log, signer, offline })
  return {
    mode,
    log,
    listCardAccounts: (...args) => listCardAccounts(send, ...args),
    createCardAccount: (...args) => createCardAccount(send, ...args),
    listTransactions: (...args) => listTransactions(send, ...args),
    createTransactions: (...args) => createTransactions(send, ...args),
  }
}
