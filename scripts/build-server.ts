// Bundles the Node server that `npm start` runs (server/main.ts: the built console, the signing proxy and the
// local upstream) into one ES module that Node runs without a TypeScript loader. A start then costs a third of
// the CPU time of `tsx server/main.ts` (0.35 against 1.05 CPU s), and the integration tests and the proxy
// project's browser tests start it about thirty times a run
// (docs/benchmarks.md#the-server-bundled-once-2026-11-27-stop-32-494308d).
import { mkdirSync, renameSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { build } from 'esbuild'

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url))

/** One folder below the repository, as server/ is, so that the server's paths relative to its own module
 * (`../dist/`, `../.dev-identity/`, `../.sandbox-data/`) name the same folders from the bundle. */
export const SERVER_BUNDLE = join(REPO_ROOT, 'dist-server', 'main.mjs')

/**
 * `npm run sign` (scripts/sign.ts) and `npm run probe` (server/probe/main.ts) bundled the same way, for the
 * integration tests that run them some twenty times a run: 0.15 CPU s a run against 0.6 through tsx's
 * loader (docs/benchmarks.md, "Stop 40"). The npm scripts themselves stay on tsx, which needs no build;
 * what differs is only the loader, and a test that runs the command a user types (`npm run sign -- …`,
 * server/standalone-sandbox.test.ts) still goes through it. Each at its source's depth below the
 * repository, so the `.dev-identity/` each finds relative to its own module is the same folder.
 */
export const SIGN_BUNDLE = join(REPO_ROOT, 'dist-server', 'sign.mjs')
export const PROBE_BUNDLE = join(REPO_ROOT, 'dist-server', 'probe', 'main.mjs')

export async function buildServer(): Promise<void> {
  await bundle(join(REPO_ROOT, 'server', 'main.ts'), SERVER_BUNDLE)
}

/** The two command-line tools' bundles (SIGN_BUNDLE, PROBE_BUNDLE). */
export async function buildCommandLineTools(): Promise<void> {
  await Promise.all([
    bundle(join(REPO_ROOT, 'scripts', 'sign.ts'), SIGN_BUNDLE),
    bundle(join(REPO_ROOT, 'server', 'probe', 'main.ts'), PROBE_BUNDLE),
  ])
}

async function bundle(entryPoint: string, outfile: string): Promise<void> {
  const { outputFiles } = await build({
    entryPoints: [entryPoint],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    write: false,
    logLevel: 'warning',
    // The CommonJS dependencies (the certificate library's) `require` Node's own modules, which an ES
    // module has no `require` for.
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
  })
  mkdirSync(dirname(outfile), { recursive: true })
  // Each file is renamed into place whole: a server that another suite starts meanwhile reads the old
  // bundle or the new one, never half of one.
  for (const file of outputFiles) {
    writeFileSync(`${file.path}.tmp`, file.contents)
    renameSync(`${file.path}.tmp`, file.path)
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await buildServer()
