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

export default defineConfig({
  plugins: [react(), openApiJson()],
  define: { __CONSOLE_VERSION__: JSON.stringify(consoleVersion()) },
  server: { host: '127.0.0.1', port: Number(process.env.PORT ?? 5173), strictPort: true },
  // The built console under the headers `npm start` serves it with; not the dev server, whose React
  // refresh runs an inline script.
  preview: { headers: { ...consolePageHeaders } },
  test: {
    setupFiles: ['./src/test/setup.ts'],
    // Vitest's default leaves one of two cores idle.
    maxWorkers: 2,
    // `npx vitest run` runs every lane; `--project` picks some (`npm run test:fast`: all but slow).
    projects: [
      lane('unit', 'node', ['src/**/*.test.ts'], ['src/**/*.dom.test.ts']),
      // jsdom: the *.test.tsx, and the *.dom.test.ts that need a page (its location, React hooks) but no JSX.
      // Not isolated: a worker keeps jsdom and the loaded modules (React, msw, the app) from file to file,
      // which halves the lane's CPU time; each test leaves the page as it found it (src/test/render*.tsx).
      lane('components', 'jsdom', ['src/**/*.test.tsx', 'src/**/*.dom.test.ts'], [], { isolate: false }),
      // Real sockets and child processes.
      lane('integration', 'node', ['server/**/*.test.ts']),
      // Bench-sized cases, out of the edit loop: name a file *.slow.test.ts(x) to put it here.
      { extends: true, test: { name: 'slow', include: ['{src,server}/**/*.slow.test.{ts,tsx}'] } },
    ],
  },
})

function lane(
  name: string,
  environment: 'node' | 'jsdom',
  include: string[],
  exclude: string[] = [],
  options: { isolate?: boolean } = {},
): TestProjectInlineConfiguration {
  return {
    extends: true,
    test: {
      ...options,
      name,
      environment,
      include,
      exclude: [...exclude, '**/*.slow.test.{ts,tsx}', '**/node_modules/**'],
    },
  }
}
