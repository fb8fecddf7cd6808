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
}

export class ConfigError extends Error {}

/**
 * The environment the console reads (`server/main.ts` passes `process.env`):
 * PORT (5173), HOST (127.0.0.1), SANDBOX_BASE_URL with TPP_CERT, TPP_KEY and optionally TPP_KEY_PASSPHRASE,
 * UPSTREAM_CONNECT_TIMEOUT_MS (5000) and UPSTREAM_TIMEOUT_MS (30000).
 */
export function readConfig(env: Record<string, string | undefined>): Config {
  return {
    host: nonEmpty(env.HOST) ?? '127.0.0.1',
    port: integer(env, 'PORT', 5173, 0, 65_535),
    upstream: upstreamConfig(env),
    connectTimeoutMs: integer(env, 'UPSTREAM_CONNECT_TIMEOUT_MS', 5_000, 1, 600_000),
    totalTimeoutMs: integer(env, 'UPSTREAM_TIMEOUT_MS', 30_000, 1, 600_000),
  }
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
