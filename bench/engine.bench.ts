// Engine bench (issue 2): a 200-row page with a date filter from one account of 100,000 transactions,
// through the engine and through a naive filter-sort-slice over the same data; and one 10,000-row batch.
// Run: npx tsx bench/engine.bench.ts
import { performance } from 'node:perf_hooks'
import { pathToFileURL } from 'node:url'
import type { KnownFix, StoredTransaction } from '../src/contract'
import { createMemoryStore, createSandbox, type Sandbox } from '../src/sandbox'
import { addDays, generateTransactions } from '../src/test-data'

const TODAY = '2026-06-30'
const ACCOUNT_SIZE = 100_000
const BATCH = 10_000
const PAGE = 200
const noFixes = { fixes: new Set<KnownFix>() }

/** Date windows the reads rotate through, so no single answer stays hot in a cache. */
const windows = Array.from({ length: 8 }, (_, i) => ({
  fromDate: addDays(TODAY, -300 + i * 30),
  toDate: addDays(TODAY, -200 + i * 30),
}))
const nth = <T>(list: readonly T[], i: number): T => list[i % list.length] as T

export async function runEngineBench(): Promise<Record<string, number>> {
  const sandbox = createSandbox({ store: createMemoryStore(), today: () => TODAY })
  const id = await newAccount(sandbox)
  for (let seed = 0; seed < ACCOUNT_SIZE / BATCH; seed++) {
    await must(sandbox.addTransactions(id, batch(seed)))
  }
  const all = (await sandbox.exportSnapshot()).cardAccounts[0]?.transactions ?? []
  if (all.length !== ACCOUNT_SIZE) {
    throw new Error(`expected ${ACCOUNT_SIZE} transactions, have ${all.length}`)
  }

  const query = (i: number) => ({
    bookingStatus: 'booked',
    limit: String(PAGE),
    ...nth(windows, i),
  })
  const engine = await measure(300, 3000, async (i) => {
    await must(sandbox.listTransactions(id, query(i), noFixes))
  })
  const naive = await measure(5, 60, async (i) => {
    naivePage(all, query(i))
  })
  await checkSameAnswer(sandbox, id, all, query(3))

  // Bodies are generated beforehand: only the engine's work (validation, rules, indexing) is timed.
  const bodies = Array.from({ length: 18 }, (_, i) => batch(100 + i))
  const create = await measure(3, 15, async (i) => {
    const fresh = await newAccount(sandbox)
    await must(sandbox.addTransactions(fresh, nth(bodies, i)))
  })

  const figures = {
    pageMedianMs: engine.median,
    pageP95Ms: engine.p95,
    naiveMedianMs: naive.median,
    naiveP95Ms: naive.p95,
    speedup: naive.median / engine.median,
    create10kMedianMs: create.median,
    create10kP95Ms: create.p95,
  }
  const ms = (value: number) => `${value.toFixed(3)} ms`
  console.log(`engine: ${ACCOUNT_SIZE} transactions in one account, ${PAGE}-row page with a date filter`)
  console.log(
    `  engine page        median ${ms(engine.median)}  p95 ${ms(engine.p95)}  (target <= 1 ms median)`,
  )
  console.log(`  naive filter-sort  median ${ms(naive.median)}  p95 ${ms(naive.p95)}`)
  console.log(`  speed-up           ${figures.speedup.toFixed(0)}x  (target >= 50x)`)
  console.log(
    `  create ${BATCH} in one batch  median ${ms(create.median)}  p95 ${ms(create.p95)}  (target <= 200 ms)`,
  )
  return figures
}

function batch(seed: number) {
  return generateTransactions({ count: BATCH, days: 365, seed, today: TODAY, currency: 'NOK' })
}

async function newAccount(sandbox: Sandbox): Promise<string> {
  const body = { maskedPan: '525412******3241', currency: 'NOK', customerNumber: '13039319955' }
  return (await must(sandbox.createCardAccount(body, noFixes))).resourceId
}

async function must<T>(
  result: Promise<{ ok: true; value: T } | { ok: false; problem: unknown }>,
): Promise<T> {
  const settled = await result
  if (!settled.ok) throw new Error(`bench request refused: ${JSON.stringify(settled.problem)}`)
  return settled.value
}

/** The baseline: what a straightforward implementation does per read. */
function naivePage(
  all: readonly StoredTransaction[],
  query: { fromDate: string; toDate: string; limit: string },
) {
  const limit = Number(query.limit)
  return all
    .map((tx, seq) => ({ tx, seq }))
    .filter(
      ({ tx }) =>
        tx.bookingStatus === 'booked' &&
        tx.bookingDate !== undefined &&
        tx.bookingDate >= query.fromDate &&
        tx.bookingDate <= query.toDate,
    )
    .sort((a, b) =>
      (b.tx.bookingDate ?? '') < (a.tx.bookingDate ?? '')
        ? -1
        : b.tx.bookingDate === a.tx.bookingDate
          ? b.seq - a.seq
          : 1,
    )
    .slice(0, limit)
    .map(({ tx }) => {
      const { bookingStatus: _, ...wire } = tx
      return wire
    })
}

/** A bench that compares different answers compares nothing: both must list the same rows. */
async function checkSameAnswer(
  sandbox: Sandbox,
  id: string,
  all: readonly StoredTransaction[],
  query: { bookingStatus: string; fromDate: string; toDate: string; limit: string },
) {
  const page = await must(sandbox.listTransactions(id, query, noFixes))
  const engineIds = page.cardTransactions.booked.map((tx) => tx.cardTransactionId).join()
  const naiveIds = naivePage(all, query)
    .map((tx) => tx.cardTransactionId)
    .join()
  if (engineIds !== naiveIds || page.cardTransactions.booked.length !== PAGE) {
    throw new Error('engine and baseline disagree on the page')
  }
}

async function measure(warmup: number, runs: number, task: (i: number) => Promise<void>) {
  for (let i = 0; i < warmup; i++) await task(i)
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const start = performance.now()
    await task(i)
    times.push(performance.now() - start)
  }
  times.sort((a, b) => a - b)
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? Number.NaN
  return { median: at(0.5), p95: at(0.95) }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runEngineBench()
