// `npx tsx bench/proxy.bench.ts`: throughput of the signing proxy on loopback, against the cost of the RSA
// signature it cannot avoid. The load generator runs here; every server runs in its own process, as the
// console does under `npm start`, and each one's CPU time is read from /proc to show where the time goes.
// Figures and targets are recorded in docs/benchmarks.md.
import { type ChildProcess, spawn } from 'node:child_process'
import { createPrivateKey } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { Agent, createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
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
const PASSPHRASE = 'bench passphrase'
const ACCOUNTS = '/api/v1/sandbox/card-accounts'
/** Linux reports process CPU time in clock ticks of 1/100 s. */
const TICK_MS = 10

interface LoadResult {
  sent: number
  answered: number
  errors: number
  perSecond: number
  p50Ms: number
  p99Ms: number
  /** CPU time per answered request, in ms, of the load generator and of each server process. */
  cpuMsPerRequest: Record<string, number>
}

interface LoadTarget {
  port: number
  path: string
}

/**
 * `concurrency` clients, each on its own kept-alive connection, send one GET after another until the time is
 * up. Anything but a 2xx answer counts as an error; `sent - answered` are requests that got no answer.
 */
async function load(
  target: LoadTarget,
  concurrency: number,
  durationMs: number,
  servers: Record<string, ChildProcess>,
): Promise<LoadResult> {
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
      const req = request({ host: '127.0.0.1', port: target.port, path: target.path, agent }, (res) => {
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
      })
      req.on('error', () => {
        errors += 1
        resolve()
      })
      req.end()
    })
  }

  async function client() {
    while (performance.now() < deadline) await once()
  }

  const serversBefore = cpuTimes(servers)
  const generatorBefore = process.cpuUsage()
  const started = performance.now()
  await Promise.all(Array.from({ length: concurrency }, client))
  const seconds = (performance.now() - started) / 1000
  const serversAfter = cpuTimes(servers)
  const generator = process.cpuUsage(generatorBefore)
  agent.destroy()
  latencies.sort((a, b) => a - b)
  const perRequest = (ms: number) => ms / Math.max(answered, 1)
  return {
    sent,
    answered,
    errors,
    perSecond: answered / seconds,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    cpuMsPerRequest: {
      'load generator': perRequest((generator.user + generator.system) / 1000),
      ...Object.fromEntries(
        Object.keys(servers).map((name) => [
          name,
          perRequest((serversAfter[name] ?? 0) - (serversBefore[name] ?? 0)),
        ]),
      ),
    },
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0
}

/** User + system CPU ms of each child, all its threads included (fields 14 and 15 of /proc/<pid>/stat). */
function cpuTimes(servers: Record<string, ChildProcess>): Record<string, number> {
  return Object.fromEntries(
    Object.entries(servers).map(([name, child]) => {
      const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      return [name, (Number(fields[11]) + Number(fields[12])) * TICK_MS]
    }),
  )
}

/** The same number of signatures in flight as the proxy has requests in flight, on the same key. */
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

type Role = 'trivial-upstream' | 'proxy' | 'baseline-encrypted' | 'baseline-plain' | 'console'

/** Starts this file as a server in a child process (see `serveRole`) and waits for its port. */
async function spawnServer(role: Role, ...args: string[]): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(
    process.execPath,
    [...process.execArgv, fileURLToPath(import.meta.url), role, ...args],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout?.once('data', (data: Buffer) => resolve(Number(data.toString().trim())))
    child.once('exit', (code) => reject(new Error(`${role} exited with ${code}`)))
  })
  return { child, port }
}

/** One server of the bench, in this (child) process: prints its port once it listens. */
async function serveRole(role: Role, upstreamUrl: string, identityDir: string): Promise<void> {
  let server: Server
  if (role === 'trivial-upstream') {
    server = createServer((req, res) => {
      req.resume()
      req.on('end', () =>
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': 2 }).end('{}'),
      )
    })
  } else {
    const dev = await loadOrCreateDevIdentity(identityDir)
    const signer = createRequestSigner(dev.identity)
    const { certificate } = dev.identity
    const keyPem = (name: string) => readFileSync(join(identityDir, name), 'utf8')
    // What a helper that reads the key for every request pays: the same signer, the PEM parsed anew each time.
    const reparsing =
      (pem: string, passphrase?: string): RequestSigner['sign'] =>
      async (req) =>
        createRequestSigner({ privateKey: await loadPrivateKey(pem, passphrase), certificate }).sign(req)
    const signs: Record<Exclude<Role, 'trivial-upstream'>, () => Promise<[RequestSigner['sign'], URL]>> = {
      proxy: async () => [(req) => signer.sign(req), new URL(upstreamUrl)],
      'baseline-plain': async () => [reparsing(keyPem('tpp-key.pem')), new URL(upstreamUrl)],
      'baseline-encrypted': async () => [
        reparsing(keyPem('tpp-key.enc.pem'), PASSPHRASE),
        new URL(upstreamUrl),
      ],
      // The console as `npm start` runs it without SANDBOX_BASE_URL: proxy and verifying upstream in one process.
      console: async () => [
        (req) => signer.sign(req),
        (await startLocalUpstream({ trustedCa: dev.ca, maxBodyBytes: 1024 * 1024 })).url,
      ],
    }
    const [sign, baseUrl] = await signs[role]()
    server = createApp({
      staticDir: identityDir,
      upstream: { baseUrl, sign, connectTimeoutMs: 5_000, totalTimeoutMs: 30_000, maxBodyBytes: 1024 * 1024 },
      // The console logs a line per request; so does the bench, to the void.
      log: () => {},
    })
  }
  server.keepAliveTimeout = 60_000
  server.listen(0, '127.0.0.1', () => process.stdout.write(`${(server.address() as AddressInfo).port}\n`))
}

export async function runProxyBench(): Promise<Record<string, number>> {
  const dir = mkdtempSync(join(tmpdir(), 'proxy-bench-'))
  const figures: Record<string, number> = {}
  const children: ChildProcess[] = []
  const start = async (role: Role, ...args: string[]) => {
    const server = await spawnServer(role, ...args)
    children.push(server.child)
    return server
  }
  const report = (name: string, result: LoadResult) => {
    const cpu = Object.entries(result.cpuMsPerRequest)
      .map(([process, ms]) => `${process} ${ms.toFixed(3)}`)
      .join(', ')
    console.log(
      `${name}: ${result.perSecond.toFixed(0)} req/s, p50 ${result.p50Ms.toFixed(1)} ms, ` +
        `p99 ${result.p99Ms.toFixed(1)} ms, ${result.errors} errors, ${result.sent} sent, ` +
        `${result.answered} answered; CPU ms per request: ${cpu}`,
    )
    figures[`${name} req/s`] = result.perSecond
    figures[`${name} p50 ms`] = result.p50Ms
    figures[`${name} p99 ms`] = result.p99Ms
    figures[`${name} errors`] = result.errors
    figures[`${name} unanswered`] = result.sent - result.answered
    for (const [process, ms] of Object.entries(result.cpuMsPerRequest)) {
      figures[`${name} CPU ms/request ${process}`] = ms
    }
  }
  try {
    const dev = await loadOrCreateDevIdentity(dir)
    const plainPem = readFileSync(join(dir, 'tpp-key.pem'), 'utf8')
    writeFileSync(
      join(dir, 'tpp-key.enc.pem'),
      createPrivateKey(plainPem).export({
        type: 'pkcs8',
        format: 'pem',
        cipher: 'aes-256-cbc',
        passphrase: PASSPHRASE,
      }),
    )

    const bare = await bareSigning(dev.identity.privateKey, CONCURRENCY, 5_000)
    figures['bare RSA-2048 signatures/s'] = bare
    console.log(`bare RSA-2048 signing, ${CONCURRENCY} in flight: ${bare.toFixed(0)}/s`)

    const trivial = await start('trivial-upstream')
    const trivialUrl = `http://127.0.0.1:${trivial.port}`
    const direct = await load({ port: trivial.port, path: '/' }, CONCURRENCY, LOAD_MS / 2, {
      upstream: trivial.child,
    })
    report('no proxy (load generator straight to the trivial upstream)', direct)

    const proxy = await start('proxy', trivialUrl, dir)
    const servers = { proxy: proxy.child, upstream: trivial.child }
    const proxied = await load({ port: proxy.port, path: ACCOUNTS }, CONCURRENCY, LOAD_MS, servers)
    report('proxy', proxied)
    for (const role of ['baseline-encrypted', 'baseline-plain'] as const) {
      const baseline = await start(role, trivialUrl, dir)
      const result = await load({ port: baseline.port, path: ACCOUNTS }, CONCURRENCY, LOAD_MS, {
        proxy: baseline.child,
        upstream: trivial.child,
      })
      report(role === 'baseline-encrypted' ? 'baseline, encrypted PEM' : 'baseline, plain PEM', result)
      figures[`proxy / ${role}`] = proxied.perSecond / result.perSecond
      baseline.child.kill()
    }
    figures['proxy / bare signing'] = proxied.perSecond / bare
    report(
      `proxy, ${BURST_CONCURRENCY} clients`,
      await load({ port: proxy.port, path: ACCOUNTS }, BURST_CONCURRENCY, BURST_MS, servers),
    )

    const consoleServer = await start('console', '', dir)
    const accountId = await seedAccount(consoleServer.port)
    report(
      'full path (console: proxy + verifying local upstream)',
      await load(
        {
          port: consoleServer.port,
          path: `${ACCOUNTS}/${accountId}/transactions?bookingStatus=both&limit=20`,
        },
        CONCURRENCY,
        LOAD_MS,
        { console: consoleServer.child },
      ),
    )
    console.log(
      `proxy / bare signing: ${figures['proxy / bare signing']?.toFixed(2)} (target >= 0.6); ` +
        `proxy / baseline: ${figures['proxy / baseline-encrypted']?.toFixed(1)} (encrypted PEM), ` +
        `${figures['proxy / baseline-plain']?.toFixed(1)} (plain PEM) (target >= 3)`,
    )
  } finally {
    for (const child of children) child.kill()
    rmSync(dir, { recursive: true, force: true })
  }
  return figures
}

/** One card account with 50 booked transactions, created through the console. */
async function seedAccount(port: number): Promise<string> {
  const post = (path: string, body: unknown) =>
    fetch(`http://127.0.0.1:${port}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then((answer) => answer.json() as Promise<{ resourceId: string }>)
  const { resourceId } = await post(ACCOUNTS, {
    maskedPan: '1234********5678',
    currency: 'EUR',
    customerNumber: '13039319955',
    customerType: 'private',
  })
  const today = localToday()
  const transactions = Array.from({ length: 50 }, (_, i) => ({
    transactionDate: today,
    bookingDate: today,
    transactionAmount: { currency: 'EUR', amount: `-${i + 1}.00` },
    originalAmount: { currency: 'EUR', amount: `-${i + 1}.00` },
    merchantCategoryCode: '5411',
  }))
  await post(`${ACCOUNTS}/${resourceId}/transactions`, transactions)
  return resourceId
}

const [, entry, role, ...args] = process.argv
if (entry !== undefined && import.meta.url === pathToFileURL(entry).href) {
  if (role === undefined) await runProxyBench()
  else await serveRole(role as Role, args[0] ?? '', args[1] ?? '')
}
