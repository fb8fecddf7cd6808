// Runs one of the repository's TypeScript commands (`npm run sign`: scripts/sign.ts, `npm run probe`:
// server/probe/main.ts) the way console-process.ts runs the server: Node with tsx's loader. Through `npx tsx`
// each run started two more Node processes first (npx, then the tsx CLI that relaunches Node), about half a
// CPU second a run; what the command prints and its exit code are the same.
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url))

/** Resolves with what it printed; rejects on a non-zero exit with `code`, `stdout` and `stderr`. */
export function runNodeScript(script: string, args: string[], env: NodeJS.ProcessEnv) {
  return promisify(execFile)(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: REPO_ROOT,
    env,
  })
}
