import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { type Problem, problem } from '../src/contract'
import { setHeaders } from './problem-response'
import { consolePageHeaders } from './security-headers'

/** A new secret for this start of the console: 192 random bits, as hex so it survives any terminal. */
export function newConsoleToken(): string {
  return randomBytes(24).toString('hex')
}

export interface ConsoleTokenGate {
  /**
   * Answers a page load that carries `?token=`: with the right token, a cookie holding it and a redirect to
   * the same URL without it, so it stays out of history and bookmarks; with a wrong one, 403. False when
   * the request carries no token and is not answered here.
   */
  land(req: IncomingMessage, res: ServerResponse, path: string, query: string): boolean
  /** Why an /api request may not be signed: it does not carry the token's cookie. */
  problem(req: IncomingMessage): Problem | undefined
}

/**
 * The proxy signs with the TPP's key for whoever can reach it. Off loopback that is anyone on the network,
 * so /api then needs a secret only the person who started the console has: it is printed once, in the
 * console URL, like Jupyter's. The cookie is HttpOnly (no script reads it) and SameSite=Strict (no other
 * site's page sends it). Its name carries the port, so two consoles on one host keep their own.
 */
export function consoleTokenGate(token: string): ConsoleTokenGate {
  const expected = digest(token)
  const matches = (given: string) => timingSafeEqual(digest(given), expected)
  const cookieName = (req: IncomingMessage) => `sandbox-console-token-${req.socket.localPort ?? 0}`

  return {
    land(req, res, path, query) {
      const params = new URLSearchParams(query)
      const given = params.get('token')
      if (given === null || (req.method !== 'GET' && req.method !== 'HEAD')) return false
      setHeaders(res, { ...consolePageHeaders, 'cache-control': 'no-store' })
      if (!matches(given)) {
        res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8' })
        res.end(
          "This token is not the console's: it makes a new one at each start; open the URL it printed last.\n",
        )
        return true
      }
      params.delete('token')
      const rest = params.toString()
      res.writeHead(303, {
        location: rest === '' ? path : `${path}?${rest}`,
        'set-cookie': `${cookieName(req)}=${token}; HttpOnly; SameSite=Strict; Path=/`,
      })
      res.end()
      return true
    },

    problem(req) {
      const name = cookieName(req)
      const sent = cookieValues(req.headers.cookie, name)
      if (sent.some(matches)) return undefined
      const text =
        "This console's proxy needs the token it printed at start: open the console from that URL once " +
        `(for curl: --cookie '${name}=<token>')`
      return problem(403, 'FORMAT_ERROR', text, 'Cookie')
    },
  }
}

/** A fixed-length digest, so comparing it in constant time does not reveal the token's length either. */
function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest()
}

function cookieValues(header: string | undefined, name: string): string[] {
  return (header ?? '')
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair.startsWith(`${name}=`))
    .map((pair) => pair.slice(name.length + 1))
}
