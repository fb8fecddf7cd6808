import { API_BASE, matchOperation, SANDBOX_PREFIX } from '../contract'

/**
 * A link a sandbox sent (`_links.*.href`, `Location`) as the console's own path to the same resource:
 * `/api` + the service-relative path from `/v1/sandbox/` on, query kept. A sandbox may link relative to
 * its service root (`/v1/sandbox/...`), under its base path (`/api-sandbox/v1/sandbox/...`, `/api/...`
 * from our own handlers in the browser) or absolutely (`https://bank.example/api-sandbox/v1/sandbox/...`);
 * the console reaches every sandbox only through its own `/api`, so all of them map there. Undefined for
 * an href that does not lead into the sandbox's paths (docs/decisions.md#links).
 */
export function apiPathOfHref(href: string): string | undefined {
  let url: URL
  try {
    // Any base resolves a relative href; only its path and query are kept.
    url = new URL(href.trim(), 'http://sandbox.invalid/')
  } catch {
    return undefined
  }
  const at = url.pathname.indexOf(`${SANDBOX_PREFIX}/`)
  if (at === -1) return undefined
  return `${API_BASE}${url.pathname.slice(at)}${url.search}`
}

/** The mockCardAccountId a link names (a `Location` after a create), if it leads to an account. */
export function accountIdOfHref(href: string): string | undefined {
  const path = apiPathOfHref(href)?.split('?', 1)[0]
  if (path === undefined) return undefined
  const match = matchOperation('GET', path.slice(API_BASE.length))
  return match.kind === 'operation' && match.operation.name === 'getCardAccount'
    ? match.params.mockCardAccountId
    : undefined
}
