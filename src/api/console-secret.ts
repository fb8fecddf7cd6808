/**
 * The per-start secret the console's page proves itself with to `npm start`'s server (docs/security.md):
 * handed over inside index.html on loopback, else pasted by the user and kept in this origin's storage.
 * Sent as a request header on every /api and /console/* request; never a cookie, a URL or a logged header.
 */
import { CONSOLE_SECRET_META, headerNames } from '../contract'

const STORAGE_KEY = 'sandbox-console-secret'
const listeners = new Set<() => void>()

function pasted(): string | undefined {
  try {
    return localStorage.getItem(STORAGE_KEY) ?? undefined
  } catch {
    return undefined
  }
}

/** The secret of the page's server: the one in index.html, else the one the user pasted, if any. */
export function consoleSecret(): string | undefined {
  const meta = globalThis.document?.querySelector(`meta[name="${CONSOLE_SECRET_META}"]`)
  return meta?.getAttribute('content') || pasted()
}

/** Keeps the token the user pasted (per origin, port included, so no other console's page reads it). */
export function rememberConsoleSecret(secret: string): void {
  localStorage.setItem(STORAGE_KEY, secret.trim())
}

/** Called when the server refused the secret (none, or a stale one after a restart): the user must paste it. */
export function onConsoleSecretNeeded(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/**
 * fetch with the console secret as a header. The request the caller logged stays without it; a 403 that
 * names the header asks the user for the token (see onConsoleSecretNeeded).
 */
export async function consoleFetch(input: Request | string, init: RequestInit = {}): Promise<Response> {
  const secret = consoleSecret()
  const headers = new Headers(init.headers ?? (input instanceof Request ? input.headers : undefined))
  if (secret !== undefined) headers.set(headerNames.consoleSecret, secret)
  const response = await fetch(input, { ...init, headers })
  if (response.status === 403 && (await namesTheSecret(response.clone()))) {
    for (const listener of listeners) listener()
  }
  return response
}

async function namesTheSecret(response: Response): Promise<boolean> {
  try {
    const body = (await response.json()) as { tppMessages?: { path?: unknown }[] }
    return body.tppMessages?.some((message) => message.path === headerNames.consoleSecret) ?? false
  } catch {
    return false
  }
}
