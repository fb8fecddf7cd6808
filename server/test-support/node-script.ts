// Runs one of the repository's command-line tools (`npm run sign`: scripts/sign.ts, `npm run probe`:
// server/probe/main.ts) from its bundle (SIGN_BUNDLE, PROBE_BUNDLE, built by the lane's global set-up), the way
// console-process.ts runs the server: Node alone. Through tsx's loader each run cost some 0.6 CPU s, four
// times the bundle's; what the command prints and its exit code are the same.
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url))

/** Resolves with what it printed; rejects on a non-zero exit with `code`, `stdout` and `stderr`. */
export function runNodeScript(bundle: string, args: string[], env: NodeJS.ProcessEnv) {
  return promisify(execFile)(process.execPath, [bundle, ...args], { cwd: REPO_ROOT, env })
}
