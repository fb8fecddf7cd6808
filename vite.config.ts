/// <reference types="vitest/config" />
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import react from '@vitejs/plugin-react'
import { tsImport } from 'tsx/esm/api'
import { defineConfig, type Plugin } from 'vite'
import type { TestProjectInlineConfiguration } from 'vitest/config'
import { consolePageHeaders } from './server/security-headers.ts'

/**
 * The operation's OpenAPI document, generated from the contract's operation table: served by `npm run dev`,
 * emitted into the build (so `npm start` and `vite preview` serve it as a static file).
 */
export function openApiJson(): Plugin {
  // Loaded with tsx rather than imported: an import would bundle the contract into the config, and Vite's
  // coming native config loader cannot follow the contract's extensionless imports (it warns about each).
  // Each call loads the contract afresh, so the dev server serves it as edited.
  const file = async () => {
    const contract: typeof import('./src/contract/openapi') = await tsImport(
      './src/contract/openapi.ts',
      import.meta.url,
    )
    return contract.openApiFile()
  }
  return {
    name: 'sandbox-console-openapi',
    async configureServer(server) {
      const { path } = await file()
      server.middlewares.use(path, (_req, res, next) => {
        file().then(({ json }) => {
          res.setHeader('content-type', 'application/json')
          res.end(json)
        }, next)
      })
    },
    async generateBundle() {
      const { path, json } = await file()
      this.emitFile({ type: 'asset', fileName: path.slice(1), source: json })
    },
  }
}

/** Where the in-browser sandbox of offline mode lives: the engine and its HTTP face with the verifier. */
const SANDBOX_FOLDERS = ['/src/sandbox/', '/src/sandbox-http/']
/**
 * The signature verifier the sandbox checks each request with. Issue 20 names it part of the in-browser
 * sandbox, though Explain's lazy dialog uses it too: its chunk is the sandbox's when it holds only the
 * verifier and signing modules it reaches. Signing modules the console uses apart from it (base64) are in
 * other chunks, decided by the graph as the rest.
 */
const VERIFIER = '/src/signing/verifier.ts'
const SIGNING_FOLDER = '/src/signing/'

/**
 * Writes `dist/.vite/chunk-roles.json`, naming each script chunk `sandbox` or `console`, for the initial
 * JavaScript budget (bench/initial-js.ts). The console's modules are those the entry reaches by static or
 * dynamic imports without passing through SANDBOX_FOLDERS; the sandbox's are its own files and what they
 * reach that the console does not (msw). A chunk is the sandbox's when all its modules are, or when it is the
 * VERIFIER's. Decided from the build's module graph, so neither a chunk's name nor Rolldown's choice of how
 * to split shared code moves code from one side to the other.
 */
export function chunkRoles(): Plugin {
  return {
    name: 'sandbox-console-chunk-roles',
    apply: 'build',
    generateBundle(_options, bundle) {
      const ids = [...this.getModuleIds()]
      const inSandboxFolder = (id: string) => SANDBOX_FOLDERS.some((folder) => id.includes(folder))
      const reach = (from: string[], stop: (id: string) => boolean) => {
        const reached = new Set<string>()
        for (let id = from.pop(); id !== undefined; id = from.pop()) {
          if (reached.has(id) || stop(id)) continue
          reached.add(id)
          const info = this.getModuleInfo(id)
          from.push(...(info?.importedIds ?? []), ...(info?.dynamicallyImportedIds ?? []))
        }
        return reached
      }
      const consoleModules = reach(
        ids.filter((id) => this.getModuleInfo(id)?.isEntry),
        inSandboxFolder,
      )
      const sandbox = reach(ids.filter(inSandboxFolder), (id) => consoleModules.has(id))
      const verifier = reach(
        ids.filter((id) => id.endsWith(VERIFIER)),
        (id) => !id.includes(SIGNING_FOLDER),
      )
      const roles: Record<string, 'sandbox' | 'console'> = {}
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue
        // A module neither side imports (Rolldown's runtime) is the console's: it must not hide a chunk.
        const isVerifiers =
          output.moduleIds.some((id) => id.endsWith(VERIFIER)) &&
          output.moduleIds.every((id) => verifier.has(id))
        const isSandbox =
          isVerifiers || (output.moduleIds.length > 0 && output.moduleIds.every((id) => sandbox.has(id)))
        roles[output.fileName] = isSandbox ? 'sandbox' : 'console'
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/chunk-roles.json',
        source: `${JSON.stringify(roles, null, 2)}\n`,
      })
    },
  }
}

/** package.json's version, with the commit when git can tell it (a HAR's creator.version names both). */
function consoleVersion(): string {
  const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'))
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8', stdio: 'pipe' })
    return `${version}+${commit.trim()}`
  } catch {
    return version
  }
}

/** The set-up of a lane with a page: Testing Library, and happy-dom made to answer as a browser. */
const PAGE_SETUP_FILES = ['./src/test/setup.ts', './src/test/setup-dom.ts', './src/test/setup-happy-dom.ts']

export default defineConfig({
  plugins: [react(), openApiJson(), chunkRoles()],
  // TanStack Table's store reads React through the shim of useSyncExternalStore for React 17 and before;
  // React 19 has it, and the package's own entry without the shim uses it (0.3 kB less initial JavaScript,
  // docs/benchmarks.md, "Initial JavaScript budget").
  resolve: {
    alias: [
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: 'use-sync-external-store/with-selector',
      },
    ],
  },
  define: { __CONSOLE_VERSION__: JSON.stringify(consoleVersion()) },
  // Every module the entry imports statically in one chunk: Rolldown otherwise splits them into some twenty
  // chunks by which lazy chunks share them, which the page fetches at start all the same, each gzipped
  // apart and each naming its imports. One chunk is 8 kB less gzip (docs/benchmarks.md, "Initial
  // JavaScript budget"). Lazy chunks still take only what they alone import.
  build: {
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'console', tags: ['$initial'] }] } } },
  },
  server: { host: '127.0.0.1', port: Number(process.env.PORT ?? 5173), strictPort: true },
  // The built console under the headers `npm start` serves it with; not the dev server, whose React
  // refresh runs an inline script.
  preview: { headers: { ...consolePageHeaders } },
  test: {
    setupFiles: ['./src/test/setup.ts'],
    // A page is happy-dom's (it took a third less CPU time than jsdom, docs/benchmarks.md#test-loop-issue-20),
    // as wide and tall as a desktop's, where none of the layout's media queries match: the screen the
    // component tests are written for. Where happy-dom answers otherwise than a browser, the set-up makes it
    // answer as one.
    environmentOptions: { happyDOM: { width: 1920, height: 1080 } },
    // Vitest's default (cores − 1) leaves one of two cores idle. Three workers on two cores beat two: the
    // integration lane's files wait on child processes and sockets, and a third worker fills those waits
    // (full run 79–88 s against 90–95 s, alternated on a quiet machine: docs/benchmarks.md#test-loop-issue-20).
    maxWorkers: 3,
    // Each lane is a Vite server of its own that transforms the modules its files import, every run. Kept
    // on disk (node_modules/.experimental-vitest-cache, keyed by each module's source, the config and the
    // lockfile), a run after the first transforms only what changed: Vitest's own process took 8.8 and 9.6
    // CPU s of a `test:fast` run against 15.2 to 18.3 (docs/benchmarks.md#test-loop-issue-20, stop 40).
    experimental: { fsModuleCache: true },
    // `npx vitest run` runs every lane; `--project` picks some (`npm run test:fast`: all but slow).
    projects: [
      // Not isolated either: its files leave no state behind (globals are unstubbed after each test) and pass
      // shuffled; sharing the loaded modules halves the lane's CPU time (docs/benchmarks.md#test-loop-issue-20).
      lane('unit', 'node', ['src/**/*.test.ts'], ['src/**/*.dom.test.ts'], { isolate: false }),
      // A page: the *.test.tsx, and the *.dom.test.ts that need one (its location, React hooks) but no JSX.
      // Not isolated: a worker keeps the page and the loaded modules (React, msw, the app) from file to file,
      // which halves the lane's CPU time; each test leaves the page as it found it (src/test/render*.tsx).
      lane('components', 'happy-dom', ['src/**/*.test.tsx', 'src/**/*.dom.test.ts'], [], {
        isolate: false,
        setupFiles: PAGE_SETUP_FILES,
      }),
      // A file that mocks a module (`vi.mock`): in a lane that shares modules, what it loaded under the mock
      // would stay so for the files after it, so each such file gets its own modules and page here (a server
      // file says `@vitest-environment node`).
      lane('isolated', 'happy-dom', ['{src,server}/**/*.isolated.test.{ts,tsx}'], [], {
        setupFiles: PAGE_SETUP_FILES,
      }),
      // Real sockets and child processes. Not isolated: each file loaded the server, the contract and zod
      // again; its files start and stop their own servers and pass shuffled (docs/benchmarks.md#test-loop-issue-20).
      lane('integration', 'node', ['server/**/*.test.ts'], [], {
        isolate: false,
        globalSetup: ['server/test-support/build-server.global.ts'],
      }),
      // Bench-sized cases, out of the edit loop: name a file *.slow.test.ts(x) to put it here.
      {
        extends: true,
        test: {
          name: 'slow',
          include: ['{src,server}/**/*.slow.test.{ts,tsx}'],
          setupFiles: PAGE_SETUP_FILES,
        },
      },
    ],
  },
})

function lane(
  name: string,
  environment: 'node' | 'happy-dom',
  include: string[],
  exclude: string[] = [],
  options: { isolate?: boolean; setupFiles?: string[]; globalSetup?: string[] } = {},
): TestProjectInlineConfiguration {
  return {
    extends: true,
    test: {
      ...options,
      name,
      environment,
      include,
      exclude: [
        ...exclude,
        ...(name === 'isolated' ? [] : ['**/*.isolated.test.{ts,tsx}']),
        '**/*.slow.test.{ts,tsx}',
        '**/node_modules/**',
      ],
    },
  }
}
