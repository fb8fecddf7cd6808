import { z } from './zod'

export const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/

/**
 * The X-Request-ID an answer echoes: the caller's, when it is one valid UUID. A repeated header arrives
 * joined with ", " (fetch's Headers and Node alike) or as a list, and so is never echoed.
 */
export function echoedRequestId(value: string | readonly string[] | null | undefined): string | undefined {
  return typeof value === 'string' && UUID.test(value) ? value : undefined
}

/**
 * An HTTP method as RFC 9110 allows it: a token (tchar), here at most 16 characters. Anything else (a space,
 * a `;`, a line break) is no method, and would otherwise reach a curl command line or a request line.
 */
export const HTTP_METHOD = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]{1,16}$/

export const httpMethod = z
  .string()
  .check(
    z.regex(HTTP_METHOD, "a method is an HTTP token (letters, digits, !#$%&'*+-.^_`|~), 1 to 16 characters"),
  )

export const requestId = z
  .string({ error: 'X-Request-ID is required: a UUID unique per call' })
  .check(z.regex(UUID, 'X-Request-ID must be a UUID, e.g. 99391c7e-ad88-49ec-a2ad-99ddcb1f7721'))

/**
 * What a header value can carry: fetch's Headers refuses anything beyond ISO-8859-1, and a control
 * character would add a line to the signing string. Printable ASCII, Latin-1 letters and inner spaces.
 */
export const HEADER_VALUE_CHARACTER = /[\x20-\x7e\xa0-\xff]/

/** The longest value of a header signed when present (PSU-ID, PSU-Corporate-ID, TPP-Redirect-URI). */
export const SIGNED_HEADER_VALUE_MAX = 256

/**
 * The PSU id: a card account's customerNumber, and the PSU-ID header naming the user a request is for
 * (docs/decisions.md#card-account-create). One rule and one wording for the body field and the header.
 */
export const PSU_ID = /^[0-9]{8,11}$/
export const PSU_ID_RULE = 'the PSU id: 8 to 11 digits, e.g. 13039319955'

/** Presence only: any non-blank value (docs/decisions.md#card-account-create). */
export const psuCorporateId = z.string().check(z.trim(), z.minLength(1, 'PSU-Corporate-ID must not be empty'))

/** Early access to future breaking changes, by the names the operation defines (docs/decisions.md#accept-fix). */
export const knownFixes = [
  'longer-name',
  'cash-account-type-iso',
  'cardaccount-switch-originalamount-and-transactionamount',
] as const
export type KnownFix = (typeof knownFixes)[number]
export const SWAP_AMOUNTS_FIX: KnownFix = 'cardaccount-switch-originalamount-and-transactionamount'

/** Other names of a fix: the platform's pages spell `longer-name` in the plural (docs/decisions.md#name-length). */
const fixAliases: Readonly<Record<string, KnownFix>> = { 'longer-names': 'longer-name' }

/**
 * The fixes a request asks for, from `accept-fix` and the platform's other spelling `x-accept-fix`:
 * comma-separated, white space ignored, unknown names ignored.
 */
export function acceptedFixes(headers: Headers): Set<KnownFix> {
  const names = [headers.get(headerNames.acceptFix), headers.get(headerNames.xAcceptFix)]
    .flatMap((value) => (value ?? '').split(','))
    .map((name) => name.trim())
    .map((name) => fixAliases[name] ?? name)
  return new Set(knownFixes.filter((fix) => names.includes(fix)))
}

/**
 * Every header name the console, the sandbox and the proxy agree on: the operation's own (request id, signing, PSU ids, accept-fix) and the
 * console's private ones. Compare names case-insensitively; these are the spellings we send.
 */
export const headerNames = {
  requestId: 'X-Request-ID',
  psuId: 'PSU-ID',
  psuIdType: 'PSU-ID-Type',
  psuCorporateId: 'PSU-Corporate-ID',
  psuCorporateIdType: 'PSU-Corporate-ID-Type',
  psuIpAddress: 'PSU-IP-Address',
  psuIpPort: 'PSU-IP-Port',
  psuUserAgent: 'PSU-User-Agent',
  tppRedirectUri: 'TPP-Redirect-URI',
  tppNokRedirectUri: 'TPP-Nok-Redirect-URI',
  /** The signature set: only a signer produces these (draft-cavage-http-signatures-10). */
  tppSignatureCertificate: 'TPP-Signature-Certificate',
  signature: 'Signature',
  digest: 'Digest',
  date: 'Date',
  acceptFix: 'accept-fix',
  /** The platform's spelling of accept-fix. */
  xAcceptFix: 'x-accept-fix',
  // HTTP's own, as the sandbox and the proxy read and answer them.
  accept: 'Accept',
  acceptCharset: 'Accept-Charset',
  acceptLanguage: 'Accept-Language',
  contentType: 'Content-Type',
  location: 'Location',
  allow: 'Allow',
  wwwAuthenticate: 'WWW-Authenticate',
  /**
   * Added by the proxy, and offline by its stand-in in the in-browser sandbox, to every answer of a request it
   * signed: base64url JSON of what it signed and sent upstream ({@link ConsoleTrace}); the certificate in it
   * is public, the private key never part of it.
   */
  consoleTrace: 'X-Console-Trace',
  /**
   * Added by the local upstream when a signature verified (`verified keyId=<the keyId>`), and offline by the
   * proxy's stand-in when the in-browser sandbox's check accepted it.
   */
  sandboxVerification: 'X-Sandbox-Verification',
  /**
   * fetch drops a `Date` request header (a forbidden name), so offline the stand-in hands the signed Date to
   * the in-browser sandbox under this one; HARs and Postman files from before the stand-in carry it too.
   */
  consoleDate: 'X-Console-Date',
  /** Asks whoever signs to spoil the signed request one known way; never forwarded upstream. */
  consoleTamper: 'X-Console-Tamper',
  /** On an answer a condition shaped (injected or delayed): the rule that fired, `<id>: <what it did>`. */
  consoleCondition: 'X-Console-Condition',
  /**
   * The console page's proof that it is the page `npm start` served: the per-start secret, sent on every
   * /api and /console/* request (server/console-secret.ts). Never a cookie, never in a URL or the request log.
   */
  consoleSecret: 'X-Console-Secret',
  /**
   * On an answer to a request whose X-Console-Secret is another start's, where the secret is not required
   * (loopback): the page is from before a restart, and its index.html now holds the new secret.
   */
  consoleSecretStale: 'X-Console-Secret-Stale',
  /**
   * On every answer of the proxy's /api and /console/* routes: a fingerprint of what `/console/connection`
   * says (server/console-connection.ts), so a page notices from any answer that the proxy was restarted
   * onto another sandbox (src/api/proxy-answers.ts).
   */
  consoleConnection: 'X-Console-Connection',
  retryAfter: 'Retry-After',
} as const

/**
 * The `<meta name>` under which `npm start` hands the console page its per-start secret inside index.html
 * (on loopback by default); the page sends it back as {@link headerNames.consoleSecret}.
 */
export const CONSOLE_SECRET_META = 'sandbox-console-secret'
