// `npx tsx bench/proxy.bench.ts`: throughput of the signing proxy on loopback, against the cost of the
// RSA signature it cannot avoid. Figures and targets are recorded in docs/benchmarks.md.
import { type ChildProcess, spawn } from 'node:child_process'
import { createPrivateKey } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { Agent, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { createApp } from '../server/app'
import { loadOrCreateDevIdentity } from '../server/identity'
import { startLocalUpstream } from '../server/local-upstream'
import { localToday } from '../src/contract'
import { createRequestSigner, type RequestSigner } from '../src/signing'
import { loadPrivateKey } from '../src/signing/node/load-private-key'

const CONCURRENCY = 50
const LOAD_MS = Number(process.env.LOAD_MS ?? 8_000)
const BURST_CONCURRENCY = 100
const BURST_MS = Number(process.env.BURST_MS ?? 10_000)

interface LoadResult {
  sent: number
  answered: number
  errors: number
  perSecond: number
  p50Ms: number
  p99Ms: number
}

interface LoadRequest {
  port: number
  path: string
  method?: string
  headers?: Record<string, string>
  body?: string
}

/**
 * `concurrency` clients, each on its own kept-alive connection, send one request after another until the time
 * is up. Anything but a 2xx answer counts as an error; `sent - answered` are requests that got no answer.
 */
async function load(target: LoadRequest, concurrency: number, durationMs: number): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency })
  const latencies: number[] = []
  let sent = 0
  let answered = 0
  let errors = 0
  const deadline = performance.now() + durationMs

  function once(): Promise<void> {
    sent += 1
    const start = performance.now()
    return new Promise((resolve) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: target.port,
          path: target.path,
          method: target.method ?? 'GET',
          headers: target.headers,
          agent,
        },
        (res) => {
          res.resume()
          res.on('end', () => {
            answered += 1
            latencies.push(performance.now() - start)
            if ((res.statusCode ?? 0) >= 300) errors += 1
            resolve()
          })
          res.on('error', () => {
            errors += 1
            resolve()
          })
        },
      )
      req.on('error', () => {
        errors += 1
        resolve()
      })
      req.end(target.body)
    })
  }

  async function client() {
    while (performance.now() < deadline) await once()
  }

  const started = performance.now()
  await Promise.all(Array.from({ length: concurrency }, client))
  const seconds = (performance.now() - started) / 1000
  agent.destroy()
  latencies.sort((a, b) => a - b)
  return {
    sent,
    answered,
    errors,
    perSecond: answered / seconds,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0
}

/** The same number of signatures in flight as the proxy has requests in flight. */
async function bareSigning(key: CryptoKey, concurrency: number, durationMs: number): Promise<number> {
  const data = new TextEncoder().encode(
    'date: Sun, 22 Nov 2026 05:00:00 GMT\ndigest: SHA-256=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=\n' +
      'x-request-id: 99391c7e-ad88-49ec-a2ad-99ddcb1f7721',
  )
  let signed = 0
  const deadline = performance.now() + durationMs
  const started = performance.now()
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        await crypto.subtle.sign('RSASSA-PKCS1-v1_5', key, data)
        signed += 1
      }
    }),
  )
  return signed / ((performance.now() - started) / 1000)
}

/** A trivial upstream (200 `{}`) in its own process, so its work does not share the proxy's event loop. */
async function startTrivialUpstream(): Promise<{ port: number; child: ChildProcess }> {
  const source = `
    import { createServer } from 'node:http'
    const server = createServer((req, res) => {
      req.resume()
      req.on('end', () => res.writeHead(200, { 'content-type': 'application/json', 'content-length': 2 }).end('{}'))
    })
    server.keepAliveTimeout = 60_000
    server.listen(0, '127.0.0.1', () => process.stdout.write(server.address().port + '\\n'))
  `
  const child = spawn(process.execPath, ['--input-type=module', '-e', source], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout?.once('data', (data: Buffer) => resolve(Number(data.toString().trim())))
    child.once('exit', (code) => reject(new Error(`trivial upstream exited with ${code}`)))
  })
  return { port, child }
}

interface Target {
  name: string
  port: number
  close(): Promise<void>
}

async function serve(
  name: string,
  server: Server,
  extra: () => Promise<void> = async () => {},
): Promise<Target> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    name,
    port: (server.address() as AddressInfo).port,
    async close() {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
      await extra()
    },
  }
}

function proxy(baseUrl: URL, sign: RequestSigner['sign']): Server {
  return createApp({
    staticDir: tmpdir(),
    upstream: { baseUrl, sign, connectTimeoutMs: 5_000, totalTimeoutMs: 30_000, maxBodyBytes: 1024 * 1024 },
    log: () => {},
  })
}

export async function runProxyBench(): Promise<Record<string, number>> {
  const dir = mkdtempSync(join(tmpdir(), 'proxy-bench-'))
  const figures: Record<string, number> = {}
  const report = (name: string, result: LoadResult) => {
    console.log(
      `${name}: ${result.perSecond.toFixed(0)} req/s, p50 ${result.p50Ms.toFixed(1)} ms, ` +
        `p99 ${result.p99Ms.toFixed(1)} ms, ${result.errors} errors, ${result.sent} sent, ${result.answered} answered`,
    )
    figures[`${name} req/s`] = result.perSecond
    figures[`${name} p50 ms`] = result.p50Ms
    figures[`${name} p99 ms`] = result.p99Ms
    figures[`${name} errors`] = result.errors
    figures[`${name} lost`] = result.sent - result.answered
  }
  try {
    const dev = await loadOrCreateDevIdentity(dir)
    const { certificate, privateKey } = dev.identity
    const signer = createRequestSigner(dev.identity)
    const keyPem = readFileSync(join(dir, 'tpp-key.pem'), 'utf8')
    const encryptedPem = createPrivateKey(keyPem)
      .export({ type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: 'bench' })
      .toString()

    figures['bare RSA-2048 signatures/s'] = await bareSigning(privateKey, CONCURRENCY, 5_000)
    console.log(
      `bare RSA-2048 signing, ${CONCURRENCY} in flight: ${figures['bare RSA-2048 signatures/s']?.toFixed(0)}/s`,
    )

    const trivial = await startTrivialUpstream()
    const trivialUrl = new URL(`http://127.0.0.1:${trivial.port}`)
    const get = (target: Target): LoadRequest => ({
      port: target.port,
      path: '/api/v1/sandbox/card-accounts',
    })
    try {
      const signing = await serve(
        'proxy',
        proxy(trivialUrl, (request) => signer.sign(request)),
      )
      report('proxy', await load(get(signing), CONCURRENCY, LOAD_MS))

      // What a helper that reads the key for every request costs: the same signer, the key parsed anew each time.
      for (const [name, pem, passphrase] of [
        ['baseline, encrypted PEM parsed per request', encryptedPem, 'bench'],
        ['baseline, plain PEM parsed per request', keyPem, undefined],
      ] as const) {
        const baseline = await serve(
          name,
          proxy(trivialUrl, async (request) =>
            createRequestSigner({ privateKey: await loadPrivateKey(pem, passphrase), certificate }).sign(
              request,
            ),
          ),
        )
        report(name, await load(get(baseline), CONCURRENCY, LOAD_MS))
        await baseline.close()
      }

      const burst = await load(get(signing), BURST_CONCURRENCY, BURST_MS)
      report(`proxy, ${BURST_CONCURRENCY} clients`, burst)
      await signing.close()
    } finally {
      trivial.child.kill()
    }

    const local = await startLocalUpstream({ trustedCa: dev.ca, maxBodyBytes: 1024 * 1024 })
    const full = await serve(
      'full path',
      proxy(local.url, (request) => signer.sign(request)),
      async () => {
        local.server.closeAllConnections()
        await new Promise((resolve) => local.server.close(resolve))
      },
    )
    const accountId = await seedAccount(full.port)
    report(
      'full path (proxy + verifying local upstream)',
      await load(
        {
          port: full.port,
          path: `/api/v1/sandbox/card-accounts/${accountId}/transactions?bookingStatus=both&limit=20`,
        },
        CONCURRENCY,
        LOAD_MS,
      ),
    )
    await full.close()
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
  return figures
}

/** One card account with 50 booked transactions, created through the proxy. */
async function seedAccount(port: number): Promise<string> {
  const post = (path: string, body: unknown) =>
    fetch(`http://127.0.0.1:${port}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then((answer) => answer.json() as Promise<{ resourceId: string }>)
  const { resourceId } = await post('/api/v1/sandbox/card-accounts', {
    maskedPan: '1234********5678',
    currency: 'EUR',
    customerNumber: '13039319955',
    customerType: 'private',
  })
  const today = localToday()
  const transaction = (i: number) => ({
    transactionDate: today,
    bookingDate: today,
    transactionAmount: { currency: 'EUR', amount: `-${i}.00` },
    originalAmount: { currency: 'EUR', amount: `-${i}.00` },
    merchantCategoryCode: '5411',
  })
  await post(
    `/api/v1/sandbox/card-accounts/${resourceId}/transactions`,
    Array.from({ length: 50 }, (_, i) => transaction(i + 1)),
  )
  return resourceId
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runProxyBench()
}
