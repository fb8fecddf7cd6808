// Starts what `npm start` serves after its build (server/main.ts, bundled: scripts/build-server.ts): the built
// console, the signing proxy under /api and the local upstream that verifies every signature and keeps its
// data in a folder of its own (a fresh temporary one unless SANDBOX_DATA is given). The suites that start it
// build the bundle first (their global set-ups), so it is the code as it is now.
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { SERVER_BUNDLE } from '../../scripts/build-server'

export interface ConsoleServer {
  url: string
  /** SANDBOX_DATA as given to the process: restart on the same folder to keep the data. */
  dataDir: string
  /** Everything the server printed so far (its request log included). */
  output(): string
  stop(): Promise<void>
}

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url))
const START_TIMEOUT_MS = 30_000
const STOP_TIMEOUT_MS = 10_000

/**
 * One server process on a free port, answering HTTP when this resolves. Node runs the bundle itself (not
 * through npm), so stopping it stops the server itself. It forwards to its local upstream unless `settings` name another (SANDBOX_BASE_URL,
 * TPP_CERT, ...): nothing of the kind comes from the caller's own environment. The local sandbox's data
 * goes to a fresh temporary folder, removed on stop, unless `settings.SANDBOX_DATA` names one to keep.
 */
export async function startConsoleServer(settings: Record<string, string> = {}): Promise<ConsoleServer> {
  // A restart on the port of an earlier start keeps the page's origin: a reload reaches the new process.
  // Else the system gives the server a port (PORT=0) and its banner names it: a port found free and closed
  // before the server bound it was sometimes taken in between by another test's server.
  const env: NodeJS.ProcessEnv = { ...process.env }
  for (const name of [
    'SANDBOX_BASE_URL',
    'TPP_CERT',
    'TPP_KEY',
    'TPP_KEY_PASSPHRASE',
    'TPP_KEY_PASSPHRASE_FILE',
    'NODE_EXTRA_CA_CERTS',
    'SANDBOX_PERSONALITY',
    'SANDBOX_DATA',
  ]) {
    delete env[name]
  }
  const ownDataDir =
    settings.SANDBOX_DATA === undefined ? mkdtempSync(join(tmpdir(), 'console-data-')) : undefined
  const dataDir = settings.SANDBOX_DATA ?? (ownDataDir as string)
  Object.assign(env, settings, { PORT: settings.PORT ?? '0', HOST: '127.0.0.1', SANDBOX_DATA: dataDir })
  const child = spawn(process.execPath, [SERVER_BUNDLE], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      if (ownDataDir !== undefined) rmSync(ownDataDir, { recursive: true, force: true })
      resolve()
    }),
  )
  const deadline = Date.now() + START_TIMEOUT_MS
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `server/main.ts exited (${child.exitCode ?? child.signalCode}) before answering:\n${output}`,
      )
    }
    const port = settings.PORT ?? /Sandbox Console on http:\/\/127\.0\.0\.1:([0-9]+)\//.exec(output)?.[1]
    const url = `http://127.0.0.1:${port}`
    if (port !== undefined && (await answers(url))) {
      return { url, dataDir, output: () => output, stop: () => stop(child, exited) }
    }
    if (Date.now() > deadline) {
      await stop(child, exited)
      throw new Error(`server/main.ts did not answer within ${START_TIMEOUT_MS} ms:\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(1_000) })
    return true
  } catch {
    return false
  }
}

/** SIGTERM (the server finishes what is in flight and exits), SIGKILL if it is still there later. */
async function stop(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS)
  await exited
  clearTimeout(timer)
}
