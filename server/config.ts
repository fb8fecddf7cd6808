/** Where the proxy sends signed requests. */
export type UpstreamConfig =
  | { kind: 'local' }
  | { kind: 'remote'; baseUrl: URL; certPath: string; keyPath: string; passphrase: string | undefined }

export interface Config {
  host: string
  port: number
  upstream: UpstreamConfig
  connectTimeoutMs: number
  totalTimeoutMs: number
  client: ClientTimeouts
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
 * PORT (5173), HOST (127.0.0.1), SANDBOX_BASE_URL with TPP_CERT, TPP_KEY and optionally TPP_KEY_PASSPHRASE,
 * UPSTREAM_CONNECT_TIMEOUT_MS (5000), UPSTREAM_TIMEOUT_MS (30000),
 * REQUEST_HEADERS_TIMEOUT_MS (10000) and REQUEST_TIMEOUT_MS (30000).
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
    upstream: upstreamConfig(env),
    connectTimeoutMs: integer(env, 'UPSTREAM_CONNECT_TIMEOUT_MS', 5_000, 1, 600_000),
    totalTimeoutMs: integer(env, 'UPSTREAM_TIMEOUT_MS', 30_000, 1, 600_000),
    client: { headersTimeoutMs, requestTimeoutMs },
  }
}

/**
 * Reads the configuration and takes the key's passphrase out of the environment: from then on it lives in
 * the configuration only, and nothing the process starts or prints from `process.env` can show it.
 */
export function takeConfig(env: Record<string, string | undefined>): Config {
  const config = readConfig(env)
  delete env.TPP_KEY_PASSPHRASE
  return config
}

function upstreamConfig(env: Record<string, string | undefined>): UpstreamConfig {
  const base = nonEmpty(env.SANDBOX_BASE_URL)
  const certPath = nonEmpty(env.TPP_CERT)
  const keyPath = nonEmpty(env.TPP_KEY)
  if (base === undefined) {
    if (certPath !== undefined || keyPath !== undefined) {
      throw new ConfigError(
        'TPP_CERT and TPP_KEY are only used with SANDBOX_BASE_URL; set it too, or unset them to use the ' +
          'local upstream with the development identity',
      )
    }
    return { kind: 'local' }
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
  return { kind: 'remote', baseUrl, certPath, keyPath, passphrase: env.TPP_KEY_PASSPHRASE || undefined }
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
