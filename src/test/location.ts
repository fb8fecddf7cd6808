import { vi } from 'vitest'

/**
 * Stands a plain object in for `location` (undone by `vi.unstubAllGlobals`): the page's address in its parts,
 * with `members` over them (a `reload` spy, an empty hash). The page's own Location lends itself to neither a
 * spy nor a spread: happy-dom's members are getters of its class, which a spread leaves behind.
 */
export function stubLocation(members: Partial<Location>): void {
  const { href, origin, protocol, host, hostname, port, pathname, search, hash } = window.location
  vi.stubGlobal('location', {
    href,
    origin,
    protocol,
    host,
    hostname,
    port,
    pathname,
    search,
    hash,
    ...members,
  })
}
