// Persistence bench (issue 11): the local sandbox's POST of one transaction with 100,000 transactions stored,
// on a memory store and on the file store npm start uses (written 250 ms after a write), in the same run.
// Run: npx tsx bench/persistence.bench.ts
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { pathToFileURL } from 'node:url'
import { openFileStore } from '../server/file-store'
import { createSandboxService } from '../server/sandbox-service'
import { send } from '../server/test-support/http'
import { localToday } from '../src/contract'
import { createMemoryStore, type SandboxStore } from '../src/sandbox'
import { defaultPersonality } from '../src/sandbox-http/personality'
import { addDays, generateTransactions } from '../src/test-data'

const STORED = 100_000
const BATCH = 10_000
const WARMUP = 20
const POSTS = 300
const TODAY = localToday()

interface Figures {
  medianMs: number
  p95Ms: number
  maxMs: number
}

export async function runPersistenceBench(): Promise<Record<string, number>> {
  const dir = mkdtempSync(join(tmpdir(), 'persistence-bench-'))
  const file = join(dir, 'sandbox.json')
  try {
    const memory = await postTimes(createMemoryStore())
    const opened = await openFileStore(file)
    const persisted = await postTimes(opened.store)
    await opened.flush()
    // One snapshot of everything stored, timed alone: what each write costs the process, off the request.
    const again = await serve(opened.store)
    await postOne(again, undefined)
    again.server.close()
    const started = performance.now()
    await opened.flush()
    const snapshotMs = performance.now() - started
    const megabytes = statSync(file).size / 1024 / 1024

    const ms = (value: number) => `${value.toFixed(2)} ms`
    const row = (name: string, f: Figures) =>
      `  ${name.padEnd(26)} median ${ms(f.medianMs)}  p95 ${ms(f.p95Ms)}  max ${ms(f.maxMs)}`
    console.log(
      `persistence: POST of 1 transaction, ${STORED} stored in the account, ${POSTS} timed one by one`,
    )
    console.log(row('memory store', memory))
    console.log(row('file store (npm start)', persisted))
    console.log(`  one snapshot of ${STORED} rows: ${ms(snapshotMs)}, ${megabytes.toFixed(1)} MB`)
    return {
      memoryMedianMs: memory.medianMs,
      memoryP95Ms: memory.p95Ms,
      fileMedianMs: persisted.medianMs,
      fileP95Ms: persisted.p95Ms,
      fileMaxMs: persisted.maxMs,
      snapshotMs,
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

interface Served {
  port: number
  server: Server
  account: string
}

async function serve(store: SandboxStore): Promise<Served> {
  const server = createSandboxService({
    personality: defaultPersonality,
    signatures: { kind: 'off' },
    maxBodyBytes: 16 * 1024 * 1024,
    store,
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const listed = await fetch(`http://127.0.0.1:${port}/v1/sandbox/card-accounts`, {
    headers: { 'x-request-id': crypto.randomUUID() },
  })
  const accounts = (await listed.json()) as {
    cardAccounts: { resourceId: string }[]
  }
  const account = accounts.cardAccounts[0]?.resourceId ?? (await newAccount(port))
  return { port, server, account }
}

async function postTimes(store: SandboxStore): Promise<Figures> {
  const served = await serve(store)
  for (let seed = 0; seed < STORED / BATCH; seed++) {
    const batch = generateTransactions({ count: BATCH, days: 365, seed, today: TODAY, currency: 'NOK' })
    await post(served, JSON.stringify(batch))
  }
  const times: number[] = []
  for (let i = 0; i < WARMUP + POSTS; i++) {
    const started = performance.now()
    await postOne(served, i)
    if (i >= WARMUP) times.push(performance.now() - started)
  }
  served.server.close()
  served.server.closeAllConnections()
  times.sort((a, b) => a - b)
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? Number.NaN
  return { medianMs: at(0.5), p95Ms: at(0.95), maxMs: times.at(-1) ?? Number.NaN }
}

async function postOne(served: Served, i: number | undefined): Promise<void> {
  const day = addDays(TODAY, -((i ?? 0) % 300))
  const body = {
    transactionDate: day,
    bookingDate: day,
    transactionAmount: { currency: 'NOK', amount: '-10.00' },
    originalAmount: { currency: 'EUR', amount: '-0.90' },
    merchantCategoryCode: '5411',
  }
  await post(served, JSON.stringify(body))
}

/** A fresh connection each: a reused one can meet the server's keep-alive timeout and be reset. */
async function post({ port, account }: Served, body: string): Promise<void> {
  const answer = await send(port, `/v1/sandbox/card-accounts/${account}/transactions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-request-id': crypto.randomUUID() },
    body,
  })
  if (answer.status !== 201) throw new Error(`bench POST answered ${answer.status}: ${answer.text}`)
}

async function newAccount(port: number): Promise<string> {
  const answer = await fetch(`http://127.0.0.1:${port}/v1/sandbox/card-accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-request-id': crypto.randomUUID() },
    body: JSON.stringify({ maskedPan: '525412******3241', currency: 'NOK', customerNumber: '13039319955' }),
  })
  return ((await answer.json()) as { resourceId: string }).resourceId
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runPersistenceBench()
