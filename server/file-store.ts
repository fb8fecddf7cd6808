// The local sandbox's data on disk: the engine's memory store, written to one JSON file (the console's own
// data export format, so the file also imports into the offline console) a moment after each write.
import { constants } from 'node:fs'
import { mkdir, open, rename } from 'node:fs/promises'
import { dirname } from 'node:path'
import { localToday, MORE_PROBLEMS_TEXT, type TppMessage } from '../src/contract'
import { type AccountData, createMemoryStore, type SandboxStore, type StoreCaps } from '../src/sandbox'
import { importCapExceeded } from '../src/sandbox/caps'
import { dataFile, readSnapshot } from '../src/sandbox/snapshots'

/** How long after a write the file is written: a burst of writes (a generated batch in chunks) costs one. */
export const SNAPSHOT_DELAY_MS = 250

export interface OpenedFileStore {
  store: SandboxStore
  file: string
  /** What the file held at start. */
  found: { accounts: number; transactions: number }
  /**
   * Set when the file could not be used as it was: what was wrong and what was done (moved aside, or
   * the data kept in memory only when even that failed). Never thrown: the sandbox starts regardless.
   */
  problem?: string
  /** Writes what is pending now; the caller awaits it before the process exits. */
  flush(): Promise<void>
}

export interface FileStoreOptions {
  delayMs?: number
  /** A file holding more than these is refused at start (moved aside), as Import refuses it. */
  caps?: StoreCaps
  /** Where a failed write is reported (once per run of failures, not once per request). */
  report?: (line: string) => void
}

/** Store methods that only read: every other method writes and is followed by a snapshot. */
const READS = new Set<string>([
  'data',
  'loadAccounts',
  'loadTransactions',
  'countTransactions',
  'readPage',
  'generation',
  'exclusive',
  'salvage',
  'onExternalChange',
])

/**
 * Opens `file` (created with its folder on the first write) as the sandbox's store. A file that cannot be
 * read or is not a valid data file is moved aside (`<file>.unreadable-<time>`) and the sandbox starts empty.
 */
export async function openFileStore(
  file: string,
  { delayMs = SNAPSHOT_DELAY_MS, report = (line) => console.error(line), caps }: FileStoreOptions = {},
): Promise<OpenedFileStore> {
  const start = await readDataFile(file, caps)
  const memory = createMemoryStore(start.data)
  const found = {
    accounts: start.data.length,
    transactions: start.data.reduce((sum, { transactions }) => sum + transactions.length, 0),
  }
  const aside = start.problem === undefined ? undefined : await setAside(file, start.problem)
  const problem = aside?.text
  // A file that could be neither read nor moved is never written over: it may still be someone's data.
  const writable = aside?.moved !== false

  let timer: NodeJS.Timeout | undefined
  let writing: Promise<void> = Promise.resolve()
  let dirty = false
  let failing = false

  const write = async () => {
    if (!dirty) return
    dirty = false
    const data = memory.data()
    const temporary = `${file}.${process.pid}.tmp`
    try {
      await mkdir(dirname(file), { recursive: true })
      await writeInSlices(temporary, data)
      // rename() replaces the file in one step: a crash mid-write leaves the previous file whole.
      await rename(temporary, file)
      if (failing) report(`Sandbox data: saved to ${file} again`)
      failing = false
    } catch (error) {
      dirty = true
      if (!failing) {
        report(
          `Sandbox data: cannot write ${file} (${why(error)}); the data stays in memory and the next write ` +
            'tries again',
        )
      }
      failing = true
    }
  }
  const writeNow = () => {
    timer = undefined
    writing = writing.then(write)
    return writing
  }
  const written = () => {
    if (!writable) return
    dirty = true
    timer ??= setTimeout(writeNow, delayMs)
  }

  // Wrapping every method that is not a read keeps a write method added to the port later persisted too.
  const store = { ...memory } as Record<string, unknown>
  for (const [name, method] of Object.entries(memory)) {
    if (READS.has(name) || typeof method !== 'function') continue
    store[name] = async (...args: unknown[]) => {
      const result = await (method as (...a: unknown[]) => Promise<unknown>)(...args)
      written()
      return result
    }
  }

  return {
    store: store as unknown as SandboxStore,
    file,
    found,
    ...(problem === undefined ? {} : { problem }),
    flush: async () => {
      if (timer !== undefined) clearTimeout(timer)
      await writeNow()
    },
  }
}

/** Rows stringified at a time: each slice blocks the process for a few milliseconds, not the whole file. */
const ROWS_PER_SLICE = 2_000

/**
 * The data file, written a slice at a time with the event loop free in between, so requests keep being
 * answered while 100,000 rows are written. The data is the engine's copy at the time of the call: stored
 * records are never changed, only replaced, so later writes do not show through half-way.
 */
async function writeInSlices(path: string, data: readonly AccountData[]): Promise<void> {
  const handle = await open(path, 'w')
  try {
    const { cardAccounts: _, ...head } = dataFile([], localToday())
    await handle.write(`${JSON.stringify(head).slice(0, -1)},"cardAccounts":[`)
    for (const [a, { account, transactions }] of data.entries()) {
      await handle.write(`${a === 0 ? '' : ','}{"account":${JSON.stringify(account)},"transactions":[`)
      for (let from = 0; from < transactions.length; from += ROWS_PER_SLICE) {
        const slice = JSON.stringify(transactions.slice(from, from + ROWS_PER_SLICE)).slice(1, -1)
        await handle.write(`${from === 0 ? '' : ','}${slice}`)
      }
      await handle.write(']}')
    }
    await handle.write(']}')
  } finally {
    await handle.close()
  }
}

interface StartData {
  data: AccountData[]
  problem?: string
}

async function readDataFile(file: string, caps: StoreCaps | undefined): Promise<StartData> {
  let text: string
  try {
    const read = await readRegularFile(file)
    if (read === undefined)
      return { data: [], problem: 'it is not a regular file (a FIFO, a device, a folder)' }
    text = read
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { data: [] }
    return { data: [], problem: `cannot read it (${why(error)})` }
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    return { data: [], problem: `it is not JSON (${why(error)})` }
  }
  let snapshot: ReturnType<typeof readSnapshot>
  try {
    snapshot = readSnapshot(json)
  } catch (error) {
    return { data: [], problem: `it could not be checked (${why(error)})` }
  }
  if (!snapshot.ok) {
    const problems = problemsInBrief(snapshot.problem.messages)
    return { data: [], problem: `it is not a valid data file (${problems})` }
  }
  const { cardAccounts } = snapshot.value
  const full = caps === undefined ? undefined : importCapExceeded(caps, cardAccounts)
  if (full) {
    const text = full.messages[0]?.text.replace(/^Nothing was stored: /, '') ?? 'past the store caps'
    return {
      data: [],
      problem: `it holds more than this sandbox keeps (${text}; SANDBOX_MAX_TRANSACTIONS_PER_ACCOUNT and SANDBOX_MAX_TRANSACTIONS set the caps)`,
    }
  }
  return { data: cardAccounts }
}

/** The first problem's words, and how many more there are: the whole list would flood the start banner. */
function problemsInBrief(messages: readonly TppMessage[]): string {
  const [first, ...more] = messages
  const listedAll = more.at(-1)?.text !== MORE_PROBLEMS_TEXT
  const extra = more.length === 0 ? '' : listedAll ? ` and ${more.length} more` : ' and many more'
  return `${first?.text ?? 'unknown'}${extra}`
}

/**
 * The file's text, or `undefined` when it is not a regular file. Opened without blocking and checked on the
 * open handle: reading a FIFO would wait for a writer forever, and checking the path first could be raced.
 */
async function readRegularFile(file: string): Promise<string | undefined> {
  const handle = await open(file, constants.O_RDONLY | constants.O_NONBLOCK)
  try {
    if (!(await handle.stat()).isFile()) return undefined
    return await handle.readFile('utf8')
  } finally {
    await handle.close()
  }
}

/** Moves the unusable file out of the way so the next write cannot destroy it; says where it went. */
async function setAside(file: string, problem: string): Promise<{ moved: boolean; text: string }> {
  const aside = `${file}.unreadable-${new Date().toISOString().replaceAll(':', '-')}`
  try {
    await rename(file, aside)
    return {
      moved: true,
      text: `${file} could not be used: ${problem}. Moved it to ${aside}; starting empty`,
    }
  } catch (error) {
    const text =
      `${file} could not be used: ${problem}, and could not be moved aside (${why(error)}); ` +
      'the data is kept in memory only for this run'
    return { moved: false, text }
  }
}

function why(error: unknown): string {
  const { code, message } = error as NodeJS.ErrnoException
  return code ?? message ?? String(error)
}
