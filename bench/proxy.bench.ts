// `npx tsx bench/proxy.bench.ts`: throughput of the signing proxy on loopback, against the cost of the RSA
// signature it cannot avoid. Every server, and the bare signing rate, runs in its own process, as the console
// does under `npm start`; each one's CPU time is read from /proc to show where the time goes. The load comes
// from wrk (C, a fraction of a Node client's CPU on the shared cores), except for the lost-request check,
// which needs a client that pairs every request with its answer. Figures: docs/benchmarks.md.
import { type ChildProcess, spawn } from 'node:child_process'
import { createPrivateKey, sign } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { Agent, createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { availableParallelism, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { createApp } from '../server/app'
import { loadOrCreateDevIdentity } from '../server/identity'
import { startLocalUpstream } from '../server/local-upstream'
import { localToday } from '../src/contract'
import { createRequestSigner, type RequestSigner } from '../src/signing'
import { loadPrivateKey } from '../src/signing/node/load-private-key'
import { createNodeRequestSigner } from '../src/signing/node/node-signing-crypto'

const CONCURRENCY = 50
const LOAD_MS = Number(process.env.LOAD_MS ?? 8_000)
const BARE_MS = 5_000
const BURST_CONCURRENCY = 100
const BURST_MS = Number(process.env.BURST_MS ?? 10_000)
const PASSPHRASE = 'bench passphrase'
const ACCOUNTS = '/api/v1/sandbox/card-accounts'
const WRK = '/usr/bin/wrk'
const WRK_REPORT = fileURLToPath(new URL('./wrk-report.lua', import.meta.url))
/** Linux reports process CPU time in clock ticks of 1/100 s. */
const TICK_MS = 10
/** The like-for-like pair: the signing side alone on one core, wrk and the upstream on another. */
const SIGNING_CORE = '1'
const LOAD_CORE = '0'

interface LoadResult {
  answered: number
  errors: number
  perSecond: number
  p50Ms: number
  p99Ms: number
  /** Requests sent that never got an answer (only the Node client can tell). */
  unanswered?: number
  /** What the errors were, when there were any (wrk's kinds: a timeout is an answer slower than 2 s). */
  errorKinds?: string
  /** CPU time per answered request, in ms, of the load generator and of each server process. */
  cpuMsPerRequest: Record<string, number>
}

interface WrkReport {
  requests: number
  durationUs: number
  connect: number
  read: number
  write: number
  status: number
  timeout: number
  p50Us: number
  p99Us: number
}

/** wrk with `connections` kept-alive connections on one thread; every socket error and non-2xx counts. */
async function wrkLoad(
  url: string,
  connections: number,
  durationMs: number,
  servers: Record<string, ChildProcess>,
  cpus?: string,
): Promise<LoadResult> {
  const wrk = [
    ...(cpus ? ['taskset', '-c', cpus] : []),
    WRK,
    '-t1',
    `-c${connections}`,
    `-d${durationMs / 1000}s`,
    '-s',
    WRK_REPORT,
    url,
  ]
  const before = cpuTimes(servers)
  // The shell's own stat, read after wrk ended, holds wrk's CPU time as its waited-for child's.
  const output = await run('sh', ['-c', '"$@"; cat /proc/$$/stat', 'sh', ...wrk])
  const after = cpuTimes(servers)
  const lines = output.trim().split('\n')
  const report = JSON.parse(lines.find((line) => line.startsWith('{')) ?? '') as WrkReport
  const shell = statFields(lines.at(-1) ?? '')
  const wrkCpuMs = (Number(shell[13]) + Number(shell[14])) * TICK_MS
  const kinds = {
    connect: report.connect,
    read: report.read,
    write: report.write,
    status: report.status,
    timeout: report.timeout,
  }
  const errors = Object.values(kinds).reduce((sum, count) => sum + count, 0)
  const perRequest = (ms: number) => ms / Math.max(report.requests, 1)
  return {
    answered: report.requests,
    errors,
    ...(errors === 0
      ? {}
      : {
          errorKinds: Object.entries(kinds)
            .filter(([, count]) => count > 0)
            .map(([kind, count]) => `${count} ${kind}`)
            .join(', '),
        }),
    perSecond: report.requests / (report.durationUs / 1e6),
    p50Ms: report.p50Us / 1000,
    p99Ms: report.p99Us / 1000,
    cpuMsPerRequest: {
      wrk: perRequest(wrkCpuMs),
      ...serverCpuPerRequest(before, after, perRequest),
    },
  }
}

/**
 * `concurrency` Node clients, each on its own kept-alive connection, send one GET after another until the
 * time is up, so every request sent is paired with its answer. Anything but a 2xx answer counts as an error.
 */
async function nodeLoad(
  target: { port: number; path: string },
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

  const before = cpuTimes(servers)
  const generatorBefore = process.cpuUsage()
  const started = performance.now()
  await Promise.all(Array.from({ length: concurrency }, client))
  const seconds = (performance.now() - started) / 1000
  const after = cpuTimes(servers)
  const generator = process.cpuUsage(generatorBefore)
  agent.destroy()
  latencies.sort((a, b) => a - b)
  const perRequest = (ms: number) => ms / Math.max(answered, 1)
  return {
    answered,
    unanswered: sent - answered,
    errors,
    perSecond: answered / seconds,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    cpuMsPerRequest: {
      'Node client': perRequest((generator.user + generator.system) / 1000),
      ...serverCpuPerRequest(before, after, perRequest),
    },
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0
}

/** The fields of a /proc/<pid>/stat line after the command name: [11] utime, [12] stime, [13] cutime, [14] cstime. */
function statFields(stat: string): string[] {
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')
}

/** Each server's CPU time between two readings of `cpuTimes`, per request. */
function serverCpuPerRequest(
  before: Record<string, number>,
  after: Record<string, number>,
  perRequest: (ms: number) => number,
): Record<string, number> {
  return Object.fromEntries(
    Object.keys(after).map((name) => [name, perRequest((after[name] ?? 0) - (before[name] ?? 0))]),
  )
}

/** User + system CPU ms of each child, all its threads included. */
function cpuTimes(servers: Record<string, ChildProcess>): Record<string, number> {
  return Object.fromEntries(
    Object.entries(servers).map(([name, child]) => {
      const fields = statFields(readFileSync(`/proc/${child.pid}/stat`, 'utf8'))
      return [name, (Number(fields[11]) + Number(fields[12])) * TICK_MS]
    }),
  )
}

function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] })
    let output = ''
    child.stdout.on('data', (data: Buffer) => {
      output += data.toString()
    })
    child.once('error', reject)
    child.once('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${command} exited with ${code}`)),
    )
  })
}

/**
 * The proxy's ceiling: node:crypto RSA-2048 signatures on the thread pool, as many in flight as the proxy has
 * requests, on the proxy's key. (node:crypto is the faster of the two ways to sign here; WebCrypto's is slower.)
 */
async function bareSigning(identityDir: string, durationMs: number): Promise<number> {
  const key = createPrivateKey(readFileSync(join(identityDir, 'tpp-key.pem'), 'utf8'))
  const data = Buffer.from(
    'date: Sun, 22 Nov 2026 05:00:00 GMT\ndigest: SHA-256=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=\n' +
      'x-request-id: 99391c7e-ad88-49ec-a2ad-99ddcb1f7721',
  )
  const signOnce = () =>
    new Promise<void>((resolve, reject) =>
      sign('sha256', data, key, (error) => (error ? reject(error) : resolve())),
    )
  let signed = 0
  const deadline = performance.now() + durationMs
  const started = performance.now()
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < deadline) {
        await signOnce()
        signed += 1
      }
    }),
  )
  return signed / ((performance.now() - started) / 1000)
}

type Role =
  | 'bare-signing'
  | 'trivial-upstream'
  | 'proxy'
  | 'proxy-webcrypto'
  | 'baseline-encrypted'
  | 'baseline-plain'
  | 'console'

/** Runs this file as `role` in a child process, on the given CPUs if any, and waits for its first line. */
async function spawnRole(
  role: Role,
  args: string[],
  cpus?: string,
): Promise<{ child: ChildProcess; line: string }> {
  const node = [process.execPath, ...process.execArgv, fileURLToPath(import.meta.url), role, ...args]
  const [command, ...rest] = cpus ? ['taskset', '-c', cpus, ...node] : node
  const child = spawn(command as string, rest, { stdio: ['ignore', 'pipe', 'inherit'] })
  const line = await new Promise<string>((resolve, reject) => {
    child.stdout?.once('data', (data: Buffer) => resolve(data.toString().trim()))
    child.once('exit', (code) => reject(new Error(`${role} exited with ${code}`)))
  })
  return { child, line }
}

/** One role of the bench, in this (child) process: prints the bare rate, or a server's port once it listens. */
async function serveRole(role: Role, upstreamUrl: string, identityDir: string): Promise<void> {
  if (role === 'bare-signing') {
    process.stdout.write(`${await bareSigning(identityDir, BARE_MS)}\n`)
    return
  }
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
    const { certificate } = dev.identity
    const keyPem = (name: string) => readFileSync(join(identityDir, name), 'utf8')
    // What a helper that reads the key for every request pays: the same signer, the PEM parsed anew each time.
    const reparsing =
      (pem: string, passphrase?: string): RequestSigner['sign'] =>
      async (req) =>
        createNodeRequestSigner({ privateKey: await loadPrivateKey(pem, passphrase), certificate }).sign(req)
    const signer = createNodeRequestSigner(dev.identity)
    const signs: Record<
      Exclude<Role, 'bare-signing' | 'trivial-upstream'>,
      () => Promise<[RequestSigner['sign'], URL]>
    > = {
      proxy: async () => [(req) => signer.sign(req), new URL(upstreamUrl)],
      // The proxy as it was before it signed with node:crypto: the same signer on WebCrypto.
      'proxy-webcrypto': async () => {
        const webSigner = createRequestSigner(dev.identity)
        return [(req) => webSigner.sign(req), new URL(upstreamUrl)]
      },
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
  if (!existsSync(WRK)) {
    throw new Error(`${WRK} is missing: \`npm run bench\` installs it (or: apt-get install -y wrk)`)
  }
  const dir = mkdtempSync(join(tmpdir(), 'proxy-bench-'))
  const figures: Record<string, number> = {}
  const children: ChildProcess[] = []
  const start = async (role: Role, args: string[] = [], cpus?: string) => {
    const started = await spawnRole(role, args, cpus)
    children.push(started.child)
    return { child: started.child, port: Number(started.line) }
  }
  const stop = (child: ChildProcess) => {
    child.kill()
    children.splice(children.indexOf(child), 1)
  }
  const bare = async (cpus?: string) => Number((await spawnRole('bare-signing', ['', dir], cpus)).line)
  const report = (name: string, result: LoadResult) => {
    const cpu = Object.entries(result.cpuMsPerRequest)
      .map(([process, ms]) => `${process} ${ms.toFixed(3)}`)
      .join(', ')
    const lost = result.unanswered === undefined ? '' : `, ${result.unanswered} sent and never answered`
    const kinds = result.errorKinds === undefined ? '' : ` (${result.errorKinds})`
    console.log(
      `${name}: ${result.perSecond.toFixed(0)} req/s, p50 ${result.p50Ms.toFixed(1)} ms, ` +
        `p99 ${result.p99Ms.toFixed(1)} ms, ${result.answered} answered, ${result.errors} errors${kinds}${lost}; ` +
        `CPU ms per request: ${cpu}`,
    )
    figures[`${name} req/s`] = result.perSecond
    figures[`${name} p50 ms`] = result.p50Ms
    figures[`${name} p99 ms`] = result.p99Ms
    figures[`${name} errors`] = result.errors
    if (result.unanswered !== undefined) figures[`${name} unanswered`] = result.unanswered
    for (const [process, ms] of Object.entries(result.cpuMsPerRequest)) {
      figures[`${name} CPU ms/request ${process}`] = ms
    }
    return result.perSecond
  }
  const ratio = (name: string, value: number, target: number) => {
    figures[name] = value
    console.log(`${name}: ${value.toFixed(2)} (target >= ${target}) ${value >= target ? 'pass' : 'FAIL'}`)
  }
  try {
    await loadOrCreateDevIdentity(dir)
    writeFileSync(
      join(dir, 'tpp-key.enc.pem'),
      createPrivateKey(readFileSync(join(dir, 'tpp-key.pem'), 'utf8')).export({
        type: 'pkcs8',
        format: 'pem',
        cipher: 'aes-256-cbc',
        passphrase: PASSPHRASE,
      }),
    )

    const bareRate = await bare()
    figures['bare RSA-2048 signatures/s'] = bareRate
    console.log(`bare RSA-2048 signing, node:crypto, ${CONCURRENCY} in flight: ${bareRate.toFixed(0)}/s`)

    const trivial = await start('trivial-upstream')
    const trivialUrl = `http://127.0.0.1:${trivial.port}`
    report(
      'no proxy (wrk straight to the trivial upstream)',
      await wrkLoad(`${trivialUrl}/`, CONCURRENCY, LOAD_MS / 2, { upstream: trivial.child }),
    )

    const proxy = await start('proxy', [trivialUrl, dir])
    const servers = { proxy: proxy.child, upstream: trivial.child }
    const proxyUrl = `http://127.0.0.1:${proxy.port}${ACCOUNTS}`
    const proxied = report('proxy', await wrkLoad(proxyUrl, CONCURRENCY, LOAD_MS, servers))

    const before = await start('proxy-webcrypto', [trivialUrl, dir])
    report(
      'proxy signing with WebCrypto (before)',
      await wrkLoad(`http://127.0.0.1:${before.port}${ACCOUNTS}`, CONCURRENCY, LOAD_MS, {
        proxy: before.child,
        upstream: trivial.child,
      }),
    )
    stop(before.child)

    const baselines: Record<string, number> = {}
    for (const role of ['baseline-encrypted', 'baseline-plain'] as const) {
      const baseline = await start(role, [trivialUrl, dir])
      baselines[role] = report(
        role === 'baseline-encrypted' ? 'baseline, encrypted PEM' : 'baseline, plain PEM',
        await wrkLoad(`http://127.0.0.1:${baseline.port}${ACCOUNTS}`, CONCURRENCY, LOAD_MS, {
          proxy: baseline.child,
          upstream: trivial.child,
        }),
      )
      stop(baseline.child)
    }

    report(BURST, await nodeLoad({ port: proxy.port, path: ACCOUNTS }, BURST_CONCURRENCY, BURST_MS, servers))
    stop(proxy.child)
    stop(trivial.child)

    let pinned: { bare: number; proxy: number } | undefined
    if (availableParallelism() >= 2) {
      const pinnedBare = await bare(SIGNING_CORE)
      console.log(`bare RSA-2048 signing on core ${SIGNING_CORE} alone: ${pinnedBare.toFixed(0)}/s`)
      figures['bare RSA-2048 signatures/s, one core'] = pinnedBare
      const upstream = await start('trivial-upstream', [], LOAD_CORE)
      const pinnedProxy = await start('proxy', [`http://127.0.0.1:${upstream.port}`, dir], SIGNING_CORE)
      const rate = report(
        `proxy on core ${SIGNING_CORE} alone (wrk and upstream on core ${LOAD_CORE})`,
        await wrkLoad(
          `http://127.0.0.1:${pinnedProxy.port}${ACCOUNTS}`,
          CONCURRENCY,
          LOAD_MS,
          { proxy: pinnedProxy.child, upstream: upstream.child },
          LOAD_CORE,
        ),
      )
      pinned = { bare: pinnedBare, proxy: rate }
      stop(pinnedProxy.child)
      stop(upstream.child)
    }

    const consoleServer = await start('console', ['', dir])
    const accountId = await seedAccount(consoleServer.port)
    report(
      FULL_PATH,
      await wrkLoad(
        `http://127.0.0.1:${consoleServer.port}${ACCOUNTS}/${accountId}/transactions?bookingStatus=both&limit=20`,
        CONCURRENCY,
        LOAD_MS,
        { console: consoleServer.child },
      ),
    )

    ratio('proxy / bare signing', proxied / bareRate, 0.6)
    if (pinned) ratio('proxy / bare signing, same single core', pinned.proxy / pinned.bare, 0.6)
    ratio('proxy / baseline (encrypted PEM)', proxied / (baselines['baseline-encrypted'] ?? Infinity), 3)
    ratio('proxy / baseline (plain PEM)', proxied / (baselines['baseline-plain'] ?? Infinity), 3)
    console.log(`\n${beforeAfterRow(figures)}`)
  } finally {
    for (const child of children) child.kill()
    rmSync(dir, { recursive: true, force: true })
  }
  return figures
}

const BURST = `proxy, ${BURST_CONCURRENCY} Node clients for ${BURST_MS / 1000} s`
const FULL_PATH = 'full path (console: proxy + verifying local upstream)'

/**
 * The figures of one run in the columns of the before/after table in docs/benchmarks.md: bare signing,
 * the proxy under wrk, its CPU per request, the same under the Node clients, and the full path.
 */
function beforeAfterRow(figures: Record<string, number>): string {
  const at = (name: string) => figures[name] ?? Number.NaN
  const rate = (name: string) => at(name).toLocaleString('en-GB', { maximumFractionDigits: 0 })
  const cpu = (name: string) => at(`${name} CPU ms/request proxy`).toFixed(2)
  const cells = [
    `${rate('bare RSA-2048 signatures/s')}/s`,
    `${rate('proxy req/s')} req/s`,
    cpu('proxy'),
    `${rate(`${BURST} req/s`)} req/s`,
    cpu(BURST),
    `${rate(`${FULL_PATH} req/s`)} req/s, ${at(`${FULL_PATH} errors`)} errors`,
  ]
  return [
    'before/after table row: | bare signing | proxy, 50 wrk connections | proxy CPU ms / request |',
    '  100 Node clients | proxy CPU ms / request (100 clients) | full path |',
    `| ${cells.join(' | ')} |`,
  ].join('\n')
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
