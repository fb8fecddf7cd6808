import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { headerNames, type Problem, problem } from '../src/contract'
import { setHeaders } from './problem-response'
import { consolePageHeaders } from './security-headers'

/** A new secret for this start of the console: 192 random bits, as hex so it survives any terminal. */
export function newConsoleSecret(): string {
  return randomBytes(24).toString('hex')
}

export interface ConsoleSecretOptions {
  /** The secret made at this start. */
  value: string
  /**
   * Whether /api and /console/* refuse a request without it (CONSOLE_TOKEN=required, or off loopback): the
   * user then pastes the printed secret into the page. Otherwise the page is given it inside index.html and
   * only the full signature depends on it (docs/security.md).
   */
  required: boolean
}

export interface ConsoleSecretGate {
  /** Whether the request carries the secret in X-Console-Secret: it comes from the console's own page. */
  carries(req: IncomingMessage): boolean
  /** Whether the request carries a secret that is not this start's: the page is from before a restart. */
  stale(req: IncomingMessage): boolean
  /** Why an /api or /console/* request is refused: the secret is required and not carried. */
  problem(req: IncomingMessage): Problem | undefined
  /**
   * Why a request is not the console page's own (it does not carry the secret), required or not: what a
   * route only the page may use refuses with even on loopback (the sandbox check).
   */
  notThePage(req: IncomingMessage): Problem | undefined
  /** The secret to embed in the index.html this request gets; undefined when the user must paste it. */
  embedded(): string | undefined
  /**
   * Answers a page load with `?token=` (the URL older consoles printed): it sets nothing and says to paste
   * the token instead. False when the request is no such page load.
   */
  oldTokenUrl(req: IncomingMessage, res: ServerResponse, query: string): boolean
}

const SECRET = headerNames.consoleSecret.toLowerCase()

/**
 * The proxy signs with the TPP's key for whoever can reach it, and its traces carry full signatures. Only
 * the console's page gets both unconditionally: it proves itself with a secret made at each start and sent
 * as a request header. A header, not a cookie: cookies are scoped to the host, not the port, so a page on
 * any other port of the same host would be sent one (and could set one). A header is sent only by a script
 * that knows the secret, and only the console's origin (host and port) holds it: in its index.html, which no
 * other origin can read, or in its storage after the user pasted it.
 */
export function consoleSecretGate({ value, required }: ConsoleSecretOptions): ConsoleSecretGate {
  const expected = digest(value)
  const carries = (req: IncomingMessage) => {
    const given = req.headers[SECRET]
    return typeof given === 'string' && timingSafeEqual(digest(given), expected)
  }
  const notThePage = (req: IncomingMessage) =>
    carries(req) ? undefined : refusal(required, req.headers[SECRET] !== undefined)
  return {
    carries,
    stale: (req) => req.headers[SECRET] !== undefined && !carries(req),
    problem: (req) => (required ? notThePage(req) : undefined),
    notThePage,
    embedded: () => (required ? undefined : value),
    oldTokenUrl(req, res, query) {
      if (!new URLSearchParams(query).has('token') || (req.method !== 'GET' && req.method !== 'HEAD')) {
        return false
      }
      setHeaders(res, { ...consolePageHeaders, 'cache-control': 'no-store' })
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' })
      res.end(
        'The console no longer takes its token in the URL, and opening this one set nothing. Open the ' +
          'console without ?token= and paste the token it printed at start when it asks for it.\n',
      )
      return true
    },
  }
}

/**
 * The one refusal of a request without this start's secret: 403 naming the header (docs/decisions.md#error-codes),
 * saying where the secret is. Only a printed one is to be pasted: on loopback none is printed, and the page
 * holds it in its index.html, which a page opened before a restart reads again (src/api/console-secret.ts).
 */
function refusal(required: boolean, stale: boolean): Problem {
  const which = stale
    ? "This is not the token of this console's start (it makes a new one at each start): "
    : required
      ? "This console's proxy needs the token it printed at start: "
      : "Only the console's own page may do this, with the token of this console's start: "
  const where = required ? 'paste it when the console asks' : 'its index.html holds it, so reload the page'
  const text = `${which}${where} (curl: -H 'X-Console-Secret: <token>')`
  return problem(403, 'FORMAT_ERROR', text, headerNames.consoleSecret)
}

/** A fixed-length digest, so comparing it in constant time does not reveal the secret's length either. */
function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest()
}
