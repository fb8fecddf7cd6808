// `npm start` runs this: the only place that reads the environment (see server/config.ts). It checks the
// settings and the identity first and only then loads what serves (server/serve-console.ts: the proxy, the
// local sandbox, msw and the contract's schemas, most of a start's CPU time), so a start that refuses its
// settings says so at once.
import { fileURLToPath } from 'node:url'
import { type Config, ConfigError, takeConfig } from './config'
import { IdentityError, loadIdentity, loadOrCreateDevIdentity } from './identity'
import { askHidden } from './passphrase-prompt'
import { guardProcess } from './process-guard'
import type { CheckedUpstream } from './serve-console'

const DEV_IDENTITY_DIR = fileURLToPath(new URL('../.dev-identity/', import.meta.url))

async function checkUpstream(config: Config): Promise<CheckedUpstream> {
  if (config.upstream.kind === 'remote') {
    const { baseUrl, certPath, keyPath, passphrase, passphraseFile } = config.upstream
    const identity = await loadIdentity({
      certPath,
      keyPath,
      passphrase,
      passphraseFile,
      // Without a terminal nobody could answer: loadIdentity then says which settings give the passphrase.
      askPassphrase: process.stdin.isTTY
        ? (question) => askHidden(question, process.stdin, process.stdout)
        : undefined,
    })
    return { kind: 'remote', baseUrl, identity }
  }
  const dev = await loadOrCreateDevIdentity(DEV_IDENTITY_DIR)
  if (dev.generatedBecause !== undefined) {
    console.log(
      `Generated a development CA and TPP certificate in .dev-identity/ (${dev.generatedBecause}). ` +
        'Test material only: the local sandbox trusts it, nothing else does.',
    )
  }
  return { kind: 'local', personality: config.upstream.personality, dev }
}

async function main() {
  guardProcess((line) => console.error(line))
  const config = takeConfig(process.env)
  const upstream = await checkUpstream(config)
  const { serveConsole } = await import('./serve-console')
  await serveConsole(config, upstream, process.env)
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof IdentityError) {
    console.error(`Cannot start the console: ${error.message}`)
  } else if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    // Node's error names the address and port it could not take, which may be the local sandbox's.
    const { address, port } = error as { address?: string; port?: number }
    console.error(
      `Cannot start the console: ${address ?? 'the address'}:${port ?? '?'} is already in use (another console or program listens there); start it on another port, e.g. PORT=${(port ?? 5173) + 1} npm start`,
    )
  } else {
    console.error('Cannot start the console:', error)
  }
  process.exit(1)
})
