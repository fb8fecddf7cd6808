// Where the local sandbox (behind `npm start`, and `npm run sandbox`) keeps its data: SANDBOX_DATA.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { basename, dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type ClockStorage, createMemoryStore, type SandboxStore, type StoreCaps } from '../src/sandbox'
import { readStoreCaps } from './config'
import { openFileStore } from './file-store'

/** Beside `.dev-identity/`, git-ignored: the project's own data, never committed. */
export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../.sandbox-data/', import.meta.url))

export type SandboxDataSetting = { kind: 'memory' } | { kind: 'file'; file: string; caps?: StoreCaps }

/**
 * `SANDBOX_DATA=memory` keeps the data in the process only; any other value names the folder (relative to
 * the working directory); unset, `.sandbox-data/`. Each command and personality has a file of its own
 * (`npm start` and `npm run sandbox` can run side by side without writing over each other).
 */
export function sandboxDataSetting(
  env: Record<string, string | undefined>,
  fileName: string,
  cwd: string = process.cwd(),
): SandboxDataSetting {
  const value = env.SANDBOX_DATA?.trim() || undefined
  if (value === 'memory') return { kind: 'memory' }
  return {
    kind: 'file',
    file: resolve(value === undefined ? DEFAULT_DATA_DIR : resolve(cwd, value), fileName),
    // The caps the sandbox keeps to: a file past them is refused at start as Import refuses it.
    caps: readStoreCaps(env),
  }
}

export interface SandboxData {
  store: SandboxStore
  /** The file the data is kept in across restarts; absent for SANDBOX_DATA=memory. */
  file?: string
  /** Where the sandbox clock's setting is kept beside the data file; absent (the process's life) in memory. */
  clock?: ClockStorage
  /** The start-up lines: where the data lives, how to opt out and wipe it, and any problem with the file. */
  banner: string[]
  flush(): Promise<void>
}

export async function openSandboxData(setting: SandboxDataSetting): Promise<SandboxData> {
  if (setting.kind === 'memory') {
    return {
      store: createMemoryStore(),
      banner: ['  data: in memory only (SANDBOX_DATA=memory): gone when this process stops'],
      flush: async () => {},
    }
  }
  const opened = await openFileStore(setting.file, setting.caps === undefined ? {} : { caps: setting.caps })
  const { accounts, transactions } = opened.found
  const clockFile = setting.file.replace(/(\.json)?$/, '.clock.json')
  const banner = [
    `  data: ${setting.file} (${accounts} card account${accounts === 1 ? '' : 's'}, ${transactions} transaction${transactions === 1 ? '' : 's'}; kept across restarts, the sandbox clock too)`,
    `    SANDBOX_DATA=memory keeps it in memory only; stop the server and delete the file (and ${basename(clockFile)}, the clock) to wipe it`,
  ]
  if (opened.problem !== undefined) banner.push(`  data problem: ${opened.problem}`)
  return {
    store: opened.store,
    file: setting.file,
    clock: fileClockStorage(clockFile),
    banner,
    flush: opened.flush,
  }
}

/**
 * The clock's setting in a file of its own: a tester who moved the clock and restarted the server found it
 * back on the real date, with the data it had settled still there. Read once, at start: this process is the
 * file's one writer, and the clock is asked for its day on every request. A missing or unreadable file is the
 * real clock (createSandboxClock's rule); a write goes to a temporary file first, so a stop halfway leaves
 * the last setting whole, and one that fails is said and kept in memory.
 */
function fileClockStorage(file: string): ClockStorage {
  let kept: unknown
  try {
    kept = JSON.parse(readFileSync(file, 'utf8'))
  } catch {
    kept = undefined
  }
  return {
    read: () => kept,
    write(state) {
      kept = state
      try {
        // The data's folder may not be there yet: the store writes its file on its first change.
        mkdirSync(dirname(file), { recursive: true })
        writeFileSync(`${file}.tmp`, `${JSON.stringify(state)}\n`)
        renameSync(`${file}.tmp`, file)
      } catch (error) {
        // A full disk or a read-only folder must not fail the clock's move: it holds for this process.
        const why = error instanceof Error ? error.message : String(error)
        console.error(
          `The sandbox clock's setting could not be kept in ${file} (${why}): it holds until this process stops.`,
        )
      }
    },
  }
}
