import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

/** The repository's root, where biome.json and the Biome binary are. */
export const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url))

export interface BiomeDiagnostic {
  category: string
  message: string
  path: string
}

/** Runs `biome lint` in `cwd` with `args` and returns every diagnostic it found, none held back. */
export function biomeLint(cwd: string, args: string[]): BiomeDiagnostic[] {
  const run = spawnSync(
    `${repositoryRoot}node_modules/.bin/biome`,
    ['lint', '--reporter=json', '--max-diagnostics=none', ...args],
    { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  )
  if (run.error) throw run.error
  // Exit status 1 only says there were errors; a report that is not JSON is Biome failing to run.
  let report: { diagnostics: { category: string; message: string; location: { path: string } }[] }
  try {
    report = JSON.parse(run.stdout)
  } catch {
    throw new Error(`biome lint did not report (exit ${run.status}): ${run.stderr}`)
  }
  return report.diagnostics.map(({ category, message, location }) => ({
    category,
    message,
    path: location.path,
  }))
}
