import { defaultStoreCaps, type StoreCaps } from '../src/sandbox'
import { isPersonalityName, type PersonalityName, personalities } from '../src/sandbox-http/personality'

/** Where the proxy sends signed requests; the local sandbox in one of its personalities. */
export type UpstreamConfig =
  | { kind: 'local'; personality: PersonalityName }
  | {
      kind: 'remote'
      baseUrl: URL
      certPath: string
      keyPath: string
      passphrase: string | undefined
      /** A file holding the passphrase (TPP_KEY_PASSPHRASE_FILE), read at start by server/identity.ts. */
      passphraseFile: string | undefined
    }

export interface Config {
  host: string
  port: number
  /** The names the console is reached under: /api answers only requests whose Host is one of them. */
  allowedHostnames: readonly string[]
  /** Whether /api needs the secret made at each start (see server/console-secret.ts). */
  tokenRequired: boolean
  upstream: UpstreamConfig
  connectTimeoutMs: number
  totalTimeoutMs: number
  client: ClientTimeouts
  /** The local sandbox's caps on stored transactions. */
  storeCaps: StoreCaps
  /** Whether the proxy signs `(request-target)` too, binding each signature to its method and path. */
  signRequestTarget: boolean
}

/** How long a client may take to send a request: its headers, and the whole of it with its body. */
export interface ClientTimeouts {
  headersTimeoutMs: number
  requestTimeoutMs: number
}

export const defaultClientTimeouts: ClientTimeouts = { headersTimeoutMs: 10_000, requestTimeoutMs: 30_000 }

export class ConfigError extends Error {}

/**
 * The environment the console reads (`server/main.ts` passes `process.env`):
 * PORT (5173), HOST (127.0.0.1), ALLOWED_HOSTS, CONSOLE_TOKEN, SANDBOX_BASE_URL with TPP_CERT, TPP_KEY and
 * optionally TPP_KEY_PASSPHRASE_FILE or TPP_KEY_PASSPHRASE, or else SANDBOX_PERSONALITY (console) for the local sandbox, UPSTREAM_CONNECT_TIMEOUT_MS (5000), UPSTREAM_TIMEOUT_MS (30000),
 * REQUEST_HEADERS_TIMEOUT_MS (10000), REQUEST_TIMEOUT_MS (30000), SIGN_REQUEST_TARGET (off) and the local
 * sandbox's caps (`readStoreCaps`).
 */
export function readConfig(env: Record<string, string | undefined>): Config {
  const host = nonEmpty(env.HOST) ?? '127.0.0.1'
  const headersTimeoutMs = integer(
    env,
    'REQUEST_HEADERS_TIMEOUT_MS',
    defaultClientTimeouts.headersTimeoutMs,
    1,
    600_000,
  )
  const requestTimeoutMs = integer(
    env,
    'REQUEST_TIMEOUT_MS',
    defaultClientTimeouts.requestTimeoutMs,
    1,
    600_000,
  )
  // Node refuses a header limit past the whole request's: the request's would always strike first.
  if (headersTimeoutMs > requestTimeoutMs) {
    throw new ConfigError(
      `REQUEST_HEADERS_TIMEOUT_MS (${headersTimeoutMs}) must not exceed REQUEST_TIMEOUT_MS (${requestTimeoutMs})`,
    )
  }
  return {
    host,
    port: integer(env, 'PORT', 5173, 0, 65_535),
    allowedHostnames: allowedHostnames(host, nonEmpty(env.ALLOWED_HOSTS)),
    tokenRequired: tokenRequired(host, nonEmpty(env.CONSOLE_TOKEN)),
    upstream: upstreamConfig(env),
    connectTimeoutMs: integer(env, 'UPSTREAM_CONNECT_TIMEOUT_MS', 5_000, 1, 600_000),
    totalTimeoutMs: integer(env, 'UPSTREAM_TIMEOUT_MS', 30_000, 1, 600_000),
    client: { headersTimeoutMs, requestTimeoutMs },
    storeCaps: readStoreCaps(env),
    signRequestTarget: signRequestTarget(nonEmpty(env.SIGN_REQUEST_TARGET)),
  }
}

/**
 * The caps on a local sandbox's stored transactions (`npm start`'s local upstream and `npm run sandbox`):
 * SANDBOX_MAX_TRANSACTIONS_PER_ACCOUNT (200000) and SANDBOX_MAX_TRANSACTIONS (500000, all accounts).
 */
export function readStoreCaps(env: Record<string, string | undefined>): StoreCaps {
  const max = Number.MAX_SAFE_INTEGER
  return {
    perAccount: integer(env, 'SANDBOX_MAX_TRANSACTIONS_PER_ACCOUNT', defaultStoreCaps.perAccount, 0, max),
    total: integer(env, 'SANDBOX_MAX_TRANSACTIONS', defaultStoreCaps.total, 0, max),
  }
}

/**
 * Reads the configuration and takes the key's passphrase out of `process.env`, so nothing the process starts
 * or prints from it can show it. The process's original environment (/proc/<pid>/environ) and its parents'
 * keep it all the same: TPP_KEY_PASSPHRASE_FILE keeps it out of every environment.
 */
export function takeConfig(env: Record<string, string | undefined>): Config {
  const config = readConfig(env)
  delete env.TPP_KEY_PASSPHRASE
  return config
}

/** 127.0.0.0/8, ::1 and localhost: addresses only this machine can connect to. */
export function isLoopback(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[(.*)\]$/, '$1')
  return name === 'localhost' || name === '::1' || /^(::ffff:)?127(\.\d{1,3}){3}$/.test(name)
}

function isWildcard(host: string): boolean {
  return ['0.0.0.0', '::', '[::]'].includes(host)
}

/**
 * On loopback the usual names of this machine; elsewhere only the names configured, since a wildcard or a
 * LAN address says nothing of the names the console is reached under, and every other name may be an
 * attacker's host name rebound to this address (DNS rebinding).
 */
function allowedHostnames(host: string, list: string | undefined): string[] {
  if (list !== undefined) return list.split(',').map((name) => hostname(name.trim(), 'ALLOWED_HOSTS'))
  if (isWildcard(host)) {
    throw new ConfigError(
      `HOST=${host} listens on every interface: set ALLOWED_HOSTS to the names the console is reached under ` +
        '(comma-separated, e.g. ALLOWED_HOSTS=devbox.example,192.168.1.20)',
    )
  }
  const own = hostname(host, 'HOST')
  return isLoopback(host) ? [...new Set([own, 'localhost', '127.0.0.1', '[::1]'])] : [own]
}

/** A host name as the URL parser writes it (lower case, IPv6 in brackets); nothing else (no port, path). */
function hostname(name: string, variable: string): string {
  const bracketed = name.includes(':') && !name.startsWith('[') ? `[${name}]` : name
  let url: URL | undefined
  try {
    url = new URL(`http://${bracketed}`)
  } catch {
    url = undefined
  }
  if (
    url === undefined ||
    name === '' ||
    url.host !== url.hostname ||
    url.pathname !== '/' ||
    url.href !== `http://${url.host}/`
  ) {
    throw new ConfigError(`${variable} must hold host names without port or path, not "${name}"`)
  }
  return url.hostname
}

function tokenRequired(host: string, setting: string | undefined): boolean {
  if (setting !== undefined && setting !== 'required') {
    throw new ConfigError(`CONSOLE_TOKEN can only be "required" (or unset), not "${setting}"`)
  }
  return setting === 'required' || !isLoopback(host)
}

/**
 * SIGN_REQUEST_TARGET=1 signs `(request-target)` as well: a bank that verifies it then refuses a signature
 * replayed with another method or path. Off by default, as a bank that does not expect it may refuse it.
 */
function signRequestTarget(setting: string | undefined): boolean {
  if (setting === undefined || setting === '0') return false
  if (setting === '1') return true
  throw new ConfigError(
    `SIGN_REQUEST_TARGET can only be 1 (sign the method and path as (request-target)) or 0 (do not), not "${setting}"`,
  )
}

function upstreamConfig(env: Record<string, string | undefined>): UpstreamConfig {
  const base = nonEmpty(env.SANDBOX_BASE_URL)
  const certPath = nonEmpty(env.TPP_CERT)
  const keyPath = nonEmpty(env.TPP_KEY)
  const personality = nonEmpty(env.SANDBOX_PERSONALITY)
  if (base === undefined) {
    if (certPath !== undefined || keyPath !== undefined) {
      throw new ConfigError(
        'TPP_CERT and TPP_KEY are only used with SANDBOX_BASE_URL; set it too, or unset them to use the ' +
          'local upstream with the development identity',
      )
    }
    return { kind: 'local', personality: personalityName(personality) }
  }
  if (personality !== undefined) {
    throw new ConfigError(
      'SANDBOX_PERSONALITY shapes the local sandbox only; with SANDBOX_BASE_URL the upstream is what it is',
    )
  }
  const baseUrl = parseBaseUrl(base)
  if (certPath === undefined || keyPath === undefined) {
    const missing = [certPath === undefined ? 'TPP_CERT' : '', keyPath === undefined ? 'TPP_KEY' : ''].filter(
      Boolean,
    )
    throw new ConfigError(
      `SANDBOX_BASE_URL needs your TPP certificate and key: set ${missing.join(' and ')} to PEM file paths`,
    )
  }
  const passphrase = env.TPP_KEY_PASSPHRASE || undefined
  const passphraseFile = nonEmpty(env.TPP_KEY_PASSPHRASE_FILE)
  if (passphrase !== undefined && passphraseFile !== undefined) {
    throw new ConfigError(
      'TPP_KEY_PASSPHRASE_FILE and TPP_KEY_PASSPHRASE both give the passphrase: keep the file, unset the other',
    )
  }
  return { kind: 'remote', baseUrl, certPath, keyPath, passphrase, passphraseFile }
}

function parseBaseUrl(value: string): URL {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new ConfigError(`SANDBOX_BASE_URL is not a URL: ${value}`)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ConfigError(`SANDBOX_BASE_URL must be an http(s) URL, not ${url.protocol}`)
  }
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') {
    throw new ConfigError(
      'SANDBOX_BASE_URL must be an origin with an optional path: no credentials, query or #',
    )
  }
  return url
}

function integer(
  env: Record<string, string | undefined>,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const value = nonEmpty(env[name])
  if (value === undefined) return fallback
  const parsed = Number(value)
  if (!Number.isInteger(parsed) || parsed < min || parsed > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, not ${value}`)
  }
  return parsed
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim()
  return trimmed === '' ? undefined : trimmed
}

/** SANDBOX_PERSONALITY: which shape the local sandbox takes (src/sandbox-http/personality.ts). */
export function personalityName(value: string | undefined): PersonalityName {
  if (value === undefined) return 'console'
  if (isPersonalityName(value)) return value
  throw new ConfigError(
    `SANDBOX_PERSONALITY must be one of ${Object.keys(personalities).join(', ')}, not "${value}"`,
  )
}
