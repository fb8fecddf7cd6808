import type { IncomingMessage } from 'node:http'
import { type Problem, problem } from '../../src/contract'

/**
 * The proxy signs with the TPP's key whatever asks it to, so only the console's own pages may use it. Any
 * other web page the developer has open can send requests to 127.0.0.1 too: directly (refused here by
 * `Origin` and `Sec-Fetch-Site`, which browsers set and pages cannot forge) or through DNS rebinding, where
 * the browser believes it talks to the attacker's host name (refused by checking `Host` against the names
 * the console was configured with; undefined means any, for tests only). A request with neither `Origin` nor
 * `Sec-Fetch-Site` comes from no browser page (curl, a script): it passes here, and only the console secret
 * (server/console-secret.ts) stops it, which is required whenever the console listens beyond loopback.
 */
export function crossSiteProblem(
  req: IncomingMessage,
  allowedHostnames: ReadonlySet<string> | undefined,
): Problem | undefined {
  const host = req.headers.host ?? ''
  const wrongHost = hostProblem(req, allowedHostnames)
  if (wrongHost) return wrongHost
  const site = req.headers['sec-fetch-site']
  if (site !== undefined && site !== 'same-origin' && site !== 'none') {
    return problem(
      403,
      'FORMAT_ERROR',
      `Only the console's own pages may use its proxy (${site})`,
      'Sec-Fetch-Site',
    )
  }
  const origin = req.headers.origin
  if (origin !== undefined && origin !== `http://${host}`) {
    return problem(
      403,
      'FORMAT_ERROR',
      `Only the console's own pages may use its proxy, not ${origin}`,
      'Origin',
    )
  }
  return undefined
}

/**
 * A request with more than one Host line (RFC 9112 §3.2: a server must answer it 400). Node keeps the first
 * in `req.headers.host` and drops the rest, so a check of `Host` and whatever reads another copy (a front
 * proxy, a log) could disagree on which host the request was for; only `rawHeaders` still shows them all.
 */
export function repeatedHostProblem(req: IncomingMessage): Problem | undefined {
  const hosts = req.rawHeaders.filter((name, i) => i % 2 === 0 && name.toLowerCase() === 'host')
  if (hosts.length <= 1) return undefined
  return problem(
    400,
    'FORMAT_ERROR',
    `Host must be sent once, not ${hosts.length} times (RFC 9112 §3.2)`,
    'Host',
  )
}

/** Whether `Host` names this console (undefined: any): a page under another name may be a DNS rebinding. */
export function hostProblem(
  req: IncomingMessage,
  allowedHostnames: ReadonlySet<string> | undefined,
): Problem | undefined {
  const host = req.headers.host ?? ''
  if (allowedHostnames === undefined || allowedHostnames.has(hostnameOf(host))) return undefined
  return problem(403, 'FORMAT_ERROR', `Host "${host}" is not an address of this console`, 'Host')
}

function hostnameOf(host: string): string {
  try {
    return new URL(`http://${host}`).hostname
  } catch {
    return ''
  }
}
