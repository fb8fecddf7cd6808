import { createReadStream } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { extname, join, resolve, sep } from 'node:path'
import { pipeline } from 'node:stream'
import { CONSOLE_SECRET_META } from '../src/contract'
import { setHeaders } from './problem-response'
import { consolePageHeaders } from './security-headers'

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
}

/** Vite's build output names its assets `name-<hash>.ext` under `assets/`: their content never changes. */
const HASHED_ASSET = /^\/assets\/.+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/

/**
 * Serves the built console from `root`. The path is expected to have passed `parseRequestTarget`, so it has no
 * dot segments or encoded separators; the resolved file is still checked to lie inside `root`. Paths without
 * a file extension that match no file are client routes and get `index.html`. Every answer carries the
 * console's security headers (CSP, nosniff, no referrer, no framing).
 */
export function createStaticFiles(root: string, options: StaticFilesOptions = {}) {
  const base = resolve(root)
  const indexFile = join(base, 'index.html')

  return async function serveStatic(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    setHeaders(res, consolePageHeaders)
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' })
      return void res.end('Method not allowed\n')
    }
    const decoded = safeDecode(path)
    const file = decoded === undefined ? undefined : await fileOrClientRoute(base, decoded)
    if (file === undefined) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' })
      return void res.end('Not found\n')
    }
    const secret = file.path === indexFile ? options.indexSecret?.(req) : undefined
    if (secret !== undefined) return sendIndexWithSecret(req, res, file, secret)
    return send(req, res, file, HASHED_ASSET.test(decoded ?? ''))
  }
}

/** The file `path` names; a path without an extension that names none is a client route: index.html. */
async function fileOrClientRoute(base: string, path: string) {
  const file = await findFile(base, path)
  if (file !== undefined || extname(path) !== '') return file
  return findFile(base, '/index.html')
}

export interface StaticFilesOptions {
  /** The console secret to hand the page that loads index.html with this request; undefined: none. */
  indexSecret?: ((req: IncomingMessage) => string | undefined) | undefined
}

/**
 * index.html with the console secret in a `<meta>` the page reads: no other origin can read this answer, and
 * it is never stored (a restart makes a new secret).
 */
async function sendIndexWithSecret(
  req: IncomingMessage,
  res: ServerResponse,
  file: { path: string },
  secret: string,
) {
  const html = (await readFile(file.path, 'utf8')).replace(
    /<head>/i,
    `<head><meta name="${CONSOLE_SECRET_META}" content="${secret}">`,
  )
  res.writeHead(200, {
    'content-type': contentTypes['.html'],
    'content-length': Buffer.byteLength(html),
    'cache-control': 'no-store',
  })
  res.end(req.method === 'HEAD' ? undefined : html)
}

function safeDecode(path: string): string | undefined {
  try {
    const decoded = decodeURIComponent(path)
    return decoded.includes('\0') ? undefined : decoded
  } catch {
    return undefined
  }
}

async function findFile(base: string, path: string): Promise<{ path: string; size: number } | undefined> {
  const candidate = join(base, path.endsWith('/') ? `${path}index.html` : path)
  if (candidate !== base && !candidate.startsWith(base + sep)) return undefined
  try {
    const info = await stat(candidate)
    return info.isFile() ? { path: candidate, size: info.size } : undefined
  } catch {
    return undefined
  }
}

function send(
  req: IncomingMessage,
  res: ServerResponse,
  file: { path: string; size: number },
  immutable: boolean,
) {
  res.writeHead(200, {
    'content-type': contentTypes[extname(file.path).toLowerCase()] ?? 'application/octet-stream',
    'content-length': file.size,
    // index.html and unhashed files must be revalidated, or a rebuilt console would load stale asset names.
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
  })
  if (req.method === 'HEAD') return void res.end()
  pipeline(createReadStream(file.path), res, () => {})
}
