import { API_BASE, resourceId, SANDBOX_PREFIX, shownValue } from '../../contract'

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
  if (!looksLikeLink) return checked(percentDecoded(text))
  let url: URL
  try {
    url = new URL(text, 'http://console.invalid/')
  } catch {
    return { ok: false, message: 'This link is not a URL' }
  }
  const fromView = url.searchParams.get('account')
  if (fromView) return checked(fromView, url.search)
  const match = /\/card-accounts\/([^/]+)(\/transactions)?\/?$/.exec(url.pathname)
  const segment = match?.[1]
  if (segment !== undefined && url.pathname.includes(`${SANDBOX_PREFIX}/`)) {
    try {
      return checked(decodeURIComponent(segment))
    } catch {
      return { ok: false, message: `The id in this link is not readable: ${segment}` }
    }
  }
  return {
    ok: false,
    message: `This link names no card account: paste a console link (…?account=<id>) or a sandbox URL ending in ${SANDBOX_PREFIX}/card-accounts/<id> (under ${API_BASE} or the bank's base path)`,
  }
}

/**
 * An id as the inspector and curl show it in a path (`enc%21%21…%3D%3D`), read back: no id holds "%", so a
 * text with an escape in it can only be an encoded one. Left as typed when it does not decode.
 */
function percentDecoded(text: string): string {
  if (!/%[0-9A-Fa-f]{2}/.test(text)) return text
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

/**
 * The id if a sandbox path can carry it (the contract's rule, which the proxy and our sandboxes apply to
 * the path): otherwise the rule in words, before anything is sent.
 */
function checked(id: string, view?: string): AccountInput {
  const parsed = resourceId.safeParse(id)
  if (parsed.success) return view === undefined ? { ok: true, id } : { ok: true, id, view }
  // The contract's own words: "must be 1 to 128 of A-Z a-z 0-9 _ . ~ ! = -".
  const rule = parsed.error.issues[0]?.message ?? 'is not one a sandbox path can carry'
  return { ok: false, message: `A card account id ${rule}, not ${shownValue(id)}` }
}
