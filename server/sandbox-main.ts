// `npm run sandbox`: the sandbox operation alone over HTTP (memory store), for curl or another test suite. It
// checks signatures like the bank unless told otherwise (server/standalone-sandbox.ts reads the settings).
import { ConfigError } from './config'
import { createSandboxService } from './sandbox-service'
import { readStandaloneSettings, standaloneBanner } from './standalone-sandbox'

async function main() {
  const settings = await readStandaloneSettings(process.env)
  const server = createSandboxService(settings)
  server.once('error', (error: NodeJS.ErrnoException) => {
    const why =
      error.code === 'EADDRINUSE' ? `port ${settings.port} is in use; set PORT to another one` : error.message
    console.error(`Cannot start the sandbox: ${why}`)
    process.exit(1)
  })
  server.listen(settings.port, '127.0.0.1', () => {
    for (const line of standaloneBanner(settings, `http://127.0.0.1:${settings.port}`)) console.log(line)
  })
}

main().catch((error: unknown) => {
  console.error('Cannot start the sandbox:', error instanceof ConfigError ? error.message : error)
  process.exit(1)
})
