import { SANDBOX_PREFIX } from '../contract'

export type RouteName = 'cardAccounts' | 'cardAccount' | 'transactions'

/** A request under the sandbox prefix: a known route (with its account id) or an unknown path. */
export type SandboxPath = { route: RouteName; id: string } | { route: 'unknown' }

/** The methods each route answers; anything else on a known path is 405. */
export const routeMethods: Record<RouteName, readonly string[]> = {
  cardAccounts: ['GET', 'POST'],
  cardAccount: ['GET'],
  transactions: ['GET', 'POST'],
}

/**
 * Matches request URLs against the sandbox routes under `basePath` ('' or '/api' for the page's own
 * origin or any origin in Node, or an absolute base such as 'http://sandbox.test' in tests). The path
 * is matched segment by segment here rather than by msw's patterns, whose decoding throws on a
 * malformed escape such as '%E0' and would turn a bad path into a 500.
 */
export function sandboxPaths(basePath: string): {
  /** The path part of the base, for Location headers and links. */
  prefix: string
  match(url: string): SandboxPath | undefined
} {
  const absolute = /^[a-z][a-z0-9+.-]*:\/\//i.test(basePath)
  const base = absolute ? new URL(basePath) : undefined
  const prefix = (base ? base.pathname : basePath).replace(/\/+$/, '')
  const root = `${prefix}${SANDBOX_PREFIX}/`
  return {
    prefix,
    match(href) {
      const url = new URL(href)
      const origin = base?.origin ?? globalThis.location?.origin
      if (origin !== undefined && url.origin !== origin) return undefined
      if (!url.pathname.startsWith(root)) return undefined
      const [collection, rawId, child, ...rest] = url.pathname.slice(root.length).split('/')
      if (collection !== 'card-accounts' || rest.length > 0) return { route: 'unknown' }
      if (rawId === undefined) return { route: 'cardAccounts', id: '' }
      if (rawId === '') return { route: 'unknown' }
      const id = decodeSegment(rawId)
      if (child === undefined) return { route: 'cardAccount', id }
      return child === 'transactions' ? { route: 'transactions', id } : { route: 'unknown' }
    },
  }
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    // Not a valid escape: no account has such an id, so the raw text leads to a plain 404.
    return segment
  }
}
