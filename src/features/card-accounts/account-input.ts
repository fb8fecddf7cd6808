import { API_BASE, SANDBOX_PREFIX } from '../../contract'

/** `view`: a console link's own query (status, dates, page), which opening it keeps. */
export type AccountInput = { ok: true; id: string; view?: string } | { ok: false; message: string }

/**
 * The account an "Open account…" entry names: an id as typed, a console link (`?account=<id>`), or a
 * sandbox URL or path ending in `/card-accounts/<id>` (or `.../transactions`), the platform's included.
 */
export function accountIdFrom(input: string): AccountInput {
  const text = input.trim()
  if (text === '') return { ok: false, message: 'Enter a card account id, or paste a link to one' }
  const looksLikeLink = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) || text.startsWith('/') || text.startsWith('?')
  if (!looksLikeLink) return { ok: true, id: text }
  let url: URL
  try {
    url = new URL(text, 'http://console.invalid/')
  } catch {
    return { ok: false, message: 'This link is not a URL' }
  }
  const fromView = url.searchParams.get('account')
  if (fromView) return { ok: true, id: fromView, view: url.search }
  const match = /\/card-accounts\/([^/]+)(\/transactions)?\/?$/.exec(url.pathname)
  const segment = match?.[1]
  if (segment !== undefined && url.pathname.includes(`${SANDBOX_PREFIX}/`)) {
    try {
      return { ok: true, id: decodeURIComponent(segment) }
    } catch {
      return { ok: false, message: `The id in this link is not readable: ${segment}` }
    }
  }
  return {
    ok: false,
    message: `This link names no card account: paste a console link (…?account=<id>) or a sandbox URL ending in ${SANDBOX_PREFIX}/card-accounts/<id> (under ${API_BASE} or the bank's base path)`,
  }
}
