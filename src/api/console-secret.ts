/**
 * The per-start secret the console's page proves itself with to `npm start`'s server (docs/security.md):
 * handed over inside index.html on loopback, else pasted by the user and kept in this origin's storage.
 * Sent as a request header on every /api and /console/* request; never a cookie, a URL or a logged header.
 */
import { CONSOLE_SECRET_META, headerNames } from '../contract'
import { writeToStorage } from './settings-store'

const STORAGE_KEY = 'sandbox-console-secret'
const listeners = new Set<() => void>()
/** A refusal asked for the token: told to a listener that comes later too (the prompt loads after the first reads). */
let needed = false

function pasted(): string | undefined {
  try {
    return localStorage.getItem(STORAGE_KEY) ?? undefined
  } catch {
    return undefined
  }
}

function handedOver(root: ParentNode | undefined = globalThis.document): Element | undefined {
  return root?.querySelector(`meta[name="${CONSOLE_SECRET_META}"]`) ?? undefined
}

/** The secret of the page's server: the one in index.html, else the one the user pasted, if any. */
export function consoleSecret(): string | undefined {
  return handedOver()?.getAttribute('content') || pasted()
}

/** Keeps the token the user pasted (per origin, port included, so no other console's page reads it). */
export function rememberConsoleSecret(secret: string): void {
  // The question is answered: a listener that comes later is not told of the refusal that asked it.
  needed = false
  writeToStorage("the console's token", () => localStorage.setItem(STORAGE_KEY, secret.trim()))
}

/**
 * Called when the server refused the secret and only the user can give it: the page holds none, or one it
 * was asked to paste (stale after a restart), or its server now prints one instead of handing it over.
 */
export function onConsoleSecretNeeded(listener: () => void): () => void {
  listeners.add(listener)
  if (needed) listener()
  return () => listeners.delete(listener)
}

/**
 * fetch with the console secret as a header. The request the caller logged stays without it. A 403 that
 * names the header, to a page that index.html handed its secret (loopback), means the server was restarted
 * since and made a new one, which its index.html now holds: the page reads it there once, as it first got
 * it, and sends the request again (a refusal comes before anything is done). Otherwise the user is asked
 * for the printed token (see onConsoleSecretNeeded).
 */
export async function consoleFetch(input: Request | string, init: RequestInit = {}): Promise<Response> {
  // Kept for a second send only where one can come (a secret index.html handed over) and only with a body:
  // a request without one can be sent again as it is, and the rest go out uncopied.
  const again =
    input instanceof Request && input.body !== null && handedOver() !== undefined ? input.clone() : input
  const sent = consoleSecret()
  const response = await withSecret(input, init, sent)
  if (!(await refusesTheSecret(response))) {
    // Answered, though not as the page's own (its trace's signature withheld): the next requests send the
    // new one, read once (unless another answer already had it read).
    const stale = response.headers.has(headerNames.consoleSecretStale)
    if (stale && handedOver() !== undefined && consoleSecret() === sent) void readHandedOverAgain(sent)
    return response
  }
  if (handedOver() === undefined) return asked(response)
  const renewed = await readHandedOverAgain(sent)
  if (renewed === 'none') return asked(response)
  return renewed === 'unread' ? response : withSecret(again, init, renewed.secret)
}

function withSecret(input: Request | string, init: RequestInit, secret: string | undefined) {
  const headers = new Headers(init.headers ?? (input instanceof Request ? input.headers : undefined))
  if (secret !== undefined) headers.set(headerNames.consoleSecret, secret)
  return fetch(input, { ...init, headers })
}

function asked(response: Response): Response {
  needed = true
  for (const listener of listeners) listener()
  return response
}

/** A 403 whose tppMessages name the secret's header: the server's refusal of the page's secret. */
async function refusesTheSecret(response: Response): Promise<boolean> {
  if (response.status !== 403) return false
  try {
    const body = (await response.clone().json()) as { tppMessages?: { path?: unknown }[] }
    return body.tppMessages?.some((message) => message.path === headerNames.consoleSecret) ?? false
  } catch {
    return false
  }
}

/**
 * This start's secret, read again from the page's index.html and kept in the page; or none there (the
 * server now asks for a printed one); or unread (no answer, or the secret refused: nothing to paste either).
 */
function readHandedOverAgain(refused: string | undefined): Promise<Renewal> {
  // Once for the requests that meet the same stale secret while it is being read (a page's reads go out
  // together); read again on a later one, as a read that failed may succeed then.
  if (renewing !== undefined && renewing.refused === refused) return renewing.renewal
  const renewal = readIndexHtml(refused)
  const current = { refused, renewal }
  renewing = current
  void renewal.then(() => {
    if (renewing === current) renewing = undefined
  })
  return renewal
}

type Renewal = { secret: string } | 'none' | 'unread'
let renewing: { refused: string | undefined; renewal: Promise<Renewal> } | undefined

async function readIndexHtml(refused: string | undefined): Promise<Renewal> {
  try {
    const page = await fetch('/', { cache: 'no-store', headers: { accept: 'text/html' } })
    if (!page.ok) return 'unread'
    const secret = handedOver(new DOMParser().parseFromString(await page.text(), 'text/html'))?.getAttribute(
      'content',
    )
    if (!secret) return 'none'
    if (secret === refused) return 'unread'
    handedOver()?.setAttribute('content', secret)
    return { secret }
  } catch {
    return 'unread'
  }
}
