import {
  type CardAccountCreateInput,
  CONSOLE_CONNECTION_PATH,
  type ConsoleConnection,
  consoleConnection,
} from '../contract'
import type { TamperScenario } from '../signing/tamper-scenarios'
import { type AccountBook, createAccountBook, OFFLINE_UPSTREAM, type Sighting } from './account-book'
import {
  type CardAccountRead,
  createCardAccount,
  createTransactions,
  deleteCardAccount,
  deleteTransaction,
  followTransactionsLink,
  getCardAccount,
  getSandboxClock,
  listCardAccounts,
  listTransactions,
  type ReadOptions,
  setSandboxClock,
  settleTransactions,
  summarizeTransactions,
  type WriteOptions,
} from './client'
import type { Verdict } from './connection-test'
import { LIST_CORPORATE_ID, storeCorporateId } from './corporate-id'
import { createDeletionRefusals, type DeletionRefusals, isDeletionNotOffered } from './deletion'
import {
  ApiError,
  isNoSandboxAnswer,
  isOfflineAccountGone,
  isSandboxNotFound,
  isSignatureRefusal,
} from './errors'
import { createAccountFixHeaders, createLongerNameSetting } from './fixes'
import { accountIdOfHref } from './links'
import type { Mode } from './mode'
import { createProxyAnswers, type ProxyAnswers } from './proxy-answers'
import type { Creation } from './reading'
import { createRequestLog, type RequestLog } from './request-log'
import { readRequestTimeoutMs } from './request-timeout'
import { memoryStorage, type SettingsStorage, type SettingsStore } from './settings-store'
import { createTamperSetting, tamperingWith } from './tamper'
import { createTransport, type OfflineWorker, type Transport } from './transport'

/** An operation of `client.ts` with its transport already given. */
type Bound<F> = F extends (send: Transport, ...args: infer A) => infer R ? (...args: A) => R : never

/** A created account, with its id wherever the answer gave it (the object, else `Location`). */
export type AccountCreation = Creation<CardAccountRead> & { id: string | undefined }

/** What opening an account by id came to: only the sandbox's own 404 says it is not there. */
export type OpenOutcome =
  | { kind: 'opened'; id: string }
  | { kind: 'not-found'; id: string; error: ApiError }
  /** The Signature switch spoiled the read on purpose: nothing is known of the account, and nothing kept. */
  | { kind: 'spoiled'; id: string; error: ApiError }

/** The book's key for a proxy whose upstream could not be learnt (the proxy did not say). */
export const UNKNOWN_UPSTREAM = 'proxy (upstream not known)'

/** The settings every request of the client follows. */
export interface ApiSettings {
  /** The Signature switch: spoils every signed request one way. */
  readonly tamper: SettingsStore<TamperScenario | undefined>
  /** `accept-fix: longer-name` on account creation. */
  readonly longerName: SettingsStore<boolean>
}

/** Per tab in the app (sessionStorage): both are things to try, not settings to find still on tomorrow. */
export function createApiSettings(storage: SettingsStorage = memoryStorage()): ApiSettings {
  return { tamper: createTamperSetting(storage), longerName: createLongerNameSetting(storage) }
}

/** The sandbox's operations as this app reaches them, and the log of every request they sent. */
export interface ApiClient {
  readonly mode: Mode
  readonly log: RequestLog
  /** The console's own book of card accounts, per upstream. */
  readonly book: AccountBook
  readonly settings: ApiSettings
  /** Upstreams that refused a delete while this client lived: the screens stop offering it there. */
  readonly deletion: DeletionRefusals
  /** Whether the proxy answers, and whether it now serves another sandbox, from this client's answers. */
  readonly proxyAnswers: ProxyAnswers
  /** Proxy mode: which upstream the proxy serves and how it signs; undefined offline. */
  connection(): Promise<ConsoleConnection | undefined>
  /** The key of this mode's upstream in the book: this browser offline, the upstream's base URL by proxy. */
  upstream(): Promise<string>
  listCardAccounts: Bound<typeof listCardAccounts>
  getCardAccount: Bound<typeof getCardAccount>
  /** Creates the account and records it in the book. */
  createCardAccount(body: CardAccountCreateInput): Promise<AccountCreation>
  /** Reads a page; an account of the book is marked seen, with the masked PAN the answer names. */
  listTransactions: Bound<typeof listTransactions>
  followTransactionsLink: Bound<typeof followTransactionsLink>
  createTransactions: Bound<typeof createTransactions>
  getSandboxClock: Bound<typeof getSandboxClock>
  setSandboxClock: Bound<typeof setSandboxClock>
  settleTransactions: Bound<typeof settleTransactions>
  /** Deletes the account in the sandbox (the console's own only) and drops it from the book. */
  deleteCardAccount(accountId: string, options?: WriteOptions): Promise<void>
  /** Deletes one transaction in the sandbox (the console's own only). */
  deleteTransaction(accountId: string, cardTransactionId: string, options?: WriteOptions): Promise<void>
  summarizeTransactions: Bound<typeof summarizeTransactions>
  /** Reads the account by id (its transactions if that fails) and adds it to the book. */
  openAccount(id: string, options?: ReadOptions): Promise<OpenOutcome>
  /** One signed read through the proxy, and what it met, named. */
  testConnection(accountId?: string): Promise<Verdict>
}

export interface ApiClientOptions {
  mode: Mode
  /** Offline mode: the in-browser sandbox's worker, re-started when it stops intercepting. */
  offline?: OfflineWorker | undefined
  /** Where the book lives: localStorage in the app; a book in memory when not given (tests). */
  book?: AccountBook | undefined
  /**
   * The condition (src/features/conditions) that held or dropped a request that got no answer, named in
   * its error; none when not given (tests).
   */
  conditionOf?: ((requestId: string) => Promise<string | undefined>) | undefined
  /** The console's own request timeout, read at each request: the stored setting when not given. */
  timeoutMs?: (() => number) | undefined
  /** Where the settings live: sessionStorage in the app; memory when not given (tests). */
  settings?: ApiSettings | undefined
  /**
   * Proxy mode: tells the other tabs of this browser of the proxy's writes, and hears theirs; in the app,
   * not when not given (tests).
   */
  otherTabs?: boolean | undefined
}

/** Built once at start by the composition root, once the mode's runtime (offline, its worker) is up. */
export function createApiClient({
  mode,
  offline,
  book = createAccountBook(),
  conditionOf = async () => undefined,
  timeoutMs = () => readRequestTimeoutMs(),
  settings = createApiSettings(),
  otherTabs = false,
}: ApiClientOptions): ApiClient {
  const log = createRequestLog()
  const deletion = createDeletionRefusals()
  const proxyAnswers = createProxyAnswers({ otherTabs: otherTabs && mode === 'proxy' })
  const transport = createTransport({ mode, log, offline, timeoutMs, conditionOf, proxyAnswers })
  // The operations follow the Signature switch; the connection test probes as signed, unspoiled.
  const send = tamperingWith(settings.tamper, transport)
  let connecting: Promise<ConsoleConnection> | undefined
  // Forgotten when the proxy now serves another sandbox: registered as the client is made, so before any
  // screen's listener reads everything again (src/api/proxy-return.ts).
  proxyAnswers.onNews((news) => {
    if (news === 'other-sandbox') connecting = undefined
  })

  const connection = async (): Promise<ConsoleConnection | undefined> => {
    if (mode === 'offline') return undefined
    connecting ??= fetchConnection(proxyAnswers).catch((error: unknown) => {
      connecting = undefined // asked again next time: the server may be back
      throw error
    })
    return connecting
  }

  const upstream = async (): Promise<string> => {
    if (mode === 'offline') return OFFLINE_UPSTREAM
    try {
      const known = await connection()
      if (known === undefined) return UNKNOWN_UPSTREAM
      const key = bookKey(known)
      if (known.local && known.dataFile === undefined) book.markLocal(key)
      return key
    } catch {
      return UNKNOWN_UPSTREAM
    }
  }

  /** Offline, or the proxy's local upstream: one of the console's own sandboxes. */
  const isOurSandbox = async (): Promise<boolean> => {
    if (mode === 'offline') return true
    try {
      return (await connection())?.local === true
    } catch {
      return false
    }
  }

  const openAccount = async (id: string, given: ReadOptions = {}): Promise<OpenOutcome> => {
    const key = await upstream()
    // A PSU-Corporate-ID the tester gave is theirs for this account from now on, as if typed in its view's
    // field: kept before the book shows the account, whose views read it at once, so they send it and do
    // not swap it for the customer number the answer names.
    const record = (sighting: Sighting) => {
      if (given.corporateId) storeCorporateId(id, given.corporateId)
      book.record(key, sighting)
    }
    // The console does not know yet whether the account is corporate: our own sandboxes are asked as the
    // list asks them, for every customer at once, so a corporate one reads and says whose it is.
    const options = {
      ...((await isOurSandbox()) ? { corporateId: LIST_CORPORATE_ID } : {}),
      ...given,
    }
    try {
      const account = await getCardAccount(send, id, options)
      const note = account.kind === 'unexpected' ? unexpectedNote(account.problems) : undefined
      record({ id, origin: 'opened', account: account.raw, note })
      return { kind: 'opened', id }
    } catch (error) {
      return afterFailedRead(record, id, options, error)
    }
  }

  /** An account whose read failed: not there, spoiled on purpose, or kept with why it could not be read. */
  const afterFailedRead = (
    record: (sighting: Sighting) => void,
    id: string,
    options: ReadOptions,
    error: unknown,
  ): OpenOutcome | Promise<OpenOutcome> => {
    if (isSandboxNotFound(error)) return { kind: 'not-found', id, error }
    if (settings.tamper.read() !== undefined && isSignatureRefusal(error))
      return { kind: 'spoiled', id, error }
    const note = `The account could not be read: ${reason(error)}`
    // A bank that did not answer the account's read would not answer its transactions' either: a second
    // wait as long, and a read of the account's daily quota spent for nothing.
    if (isNoSandboxAnswer(error)) {
      record({ id, origin: 'opened', note })
      return { kind: 'opened', id }
    }
    return openByTransactions(record, id, options, note)
  }

  /** The account object could not be read: its transactions name its masked PAN, which is enough. */
  const openByTransactions = async (
    record: (sighting: Sighting) => void,
    id: string,
    options: ReadOptions,
    note: string,
  ): Promise<OpenOutcome> => {
    try {
      const page = await listTransactions(send, id, { bookingStatus: 'both', offset: 0, limit: 1 }, options)
      const maskedPan = page.kind === 'read' ? page.value.cardAccount?.maskedPan : undefined
      record({ id, origin: 'opened', maskedPan, note })
    } catch (error) {
      if (isSandboxNotFound(error)) return { kind: 'not-found', id, error }
      // Anything but the sandbox's 404 (a refused signature, an unreachable upstream) does not say the
      // account is not there: it joins the book, with why it could not be read.
      record({ id, origin: 'opened', note })
    }
    return { kind: 'opened', id }
  }

  /** A delete a sandbox does not have is remembered for its upstream: the screens stop offering it. */
  const deleting = async (task: () => Promise<void>) => {
    try {
      await task()
    } catch (error) {
      if (!isDeletionNotOffered(error)) throw error
      deletion.markRefused(await upstream(), error)
      throw new Error(
        `This sandbox has no operation to delete (it answered HTTP ${error.status}): the console stops offering it here.`,
        { cause: error },
      )
    }
  }

  return {
    mode,
    log,
    book,
    settings,
    deletion,
    proxyAnswers,
    connection,
    upstream,
    // Corporate accounts are listed by our own sandboxes only to a request with PSU-Corporate-ID.
    listCardAccounts: async (options = {}) =>
      listCardAccounts(send, {
        ...((await isOurSandbox()) ? { corporateId: LIST_CORPORATE_ID } : {}),
        ...options,
      }),
    getCardAccount: (...args) => getCardAccount(send, ...args),
    async createCardAccount(body) {
      const created = await createCardAccount(send, body, createAccountFixHeaders(settings.longerName.read()))
      const id = createdId(created)
      if (id !== undefined) {
        const note =
          created.kind === 'no-body'
            ? 'Created; the sandbox sent no body'
            : created.kind === 'unexpected'
              ? unexpectedNote(created.problems)
              : undefined
        const account = created.kind === 'no-body' ? undefined : created.raw
        book.record(await upstream(), { id, origin: 'created', account, note })
        // No account object came: ask the sandbox for it, as for an account opened by id.
        if (account === undefined) void openAccount(id)
      }
      return { ...created, id }
    },
    async listTransactions(accountId, params, options) {
      try {
        const page = await listTransactions(send, accountId, params, options)
        if (page.kind === 'read') book.touch(await upstream(), accountId, page.value.cardAccount?.maskedPan)
        return page
      } catch (error) {
        // The book lets an account the in-browser sandbox lost go. A bank's 404 may only mean a read without
        // the right PSU-Corporate-ID: its book keeps the account.
        if (mode === 'offline' && isOfflineAccountGone(error)) book.remove(OFFLINE_UPSTREAM, accountId)
        throw error
      }
    },
    followTransactionsLink: (...args) => followTransactionsLink(send, ...args),
    createTransactions: (...args) => createTransactions(send, ...args),
    // Unspoiled: the header's clock badge and the clock panel show the sandbox's today, which must not
    // vanish while the Signature switch demonstrates a 401 on the operations (setting the clock still shows it).
    getSandboxClock: (...args) => getSandboxClock(transport, ...args),
    setSandboxClock: (...args) => setSandboxClock(send, ...args),
    settleTransactions: (...args) => settleTransactions(send, ...args),
    deleteCardAccount: (accountId, options) =>
      deleting(async () => {
        await deleteCardAccount(send, accountId, options)
        book.remove(await upstream(), accountId)
      }),
    deleteTransaction: (accountId, cardTransactionId, options) =>
      deleting(() => deleteTransaction(send, accountId, cardTransactionId, options)),
    summarizeTransactions: (...args) => summarizeTransactions(send, ...args),
    openAccount,
    // Only the Connection dialog tests a connection (proxy mode): its code loads on the first test.
    testConnection: async (accountId) => {
      const { classifyProbe, probeConnection } = await import('./connection-test')
      return classifyProbe(await probeConnection(transport, accountId))
    },
  }
}

/**
 * The account book's key for the proxy's upstream: its URL, except for a local upstream that keeps its data
 * in a file, whose port is new at each start while its accounts stay (docs/decisions.md#account-book).
 */
function bookKey(known: ConsoleConnection): string {
  return known.local && known.dataFile !== undefined
    ? `the local sandbox, data in ${known.dataFile}`
    : known.upstream
}

async function fetchConnection(proxyAnswers: ProxyAnswers): Promise<ConsoleConnection> {
  const response = await proxyAnswers.ask(CONSOLE_CONNECTION_PATH, {
    headers: { accept: 'application/json' },
  })
  if (!response.ok) throw new Error(`${CONSOLE_CONNECTION_PATH} answered HTTP ${response.status}`)
  return consoleConnection.parse(await response.json())
}

/** The id of a created account: the object's resourceId, else the last segment of `Location`. */
function createdId(created: Creation<CardAccountRead>): string | undefined {
  if (created.kind === 'read') return created.value.resourceId
  const raw = created.kind === 'unexpected' ? created.raw : undefined
  const fromBody =
    typeof raw === 'object' && raw !== null && 'resourceId' in raw && typeof raw.resourceId === 'string'
      ? raw.resourceId
      : undefined
  return fromBody ?? (created.location === undefined ? undefined : accountIdOfHref(created.location))
}

function reason(error: unknown): string {
  if (error instanceof ApiError) return `HTTP ${error.status}, ${error.message.replaceAll('\n', '; ')}`
  return error instanceof Error ? error.message : String(error)
}

function unexpectedNote(problems: readonly string[]): string {
  return `The account's answer was not what the console expects: ${problems.join('; ')}`
}
