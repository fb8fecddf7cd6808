// `npm run sandbox`: the sandbox operation alone over HTTP, for curl or another test suite, its data kept
// across restarts (server/sandbox-data.ts). It checks signatures like the bank unless told otherwise
// (server/standalone-sandbox.ts reads the settings).
import { ConfigError } from './config'
import { openSandboxData, sandboxDataSetting } from './sandbox-data'
import { createSandboxService } from './sandbox-service'
import { readStandaloneSettings, standaloneBanner } from './standalone-sandbox'

async function main() {
  const settings = await readStandaloneSettings(process.env)
  const data = await openSandboxData(
    // A profile file's personality is named after the file: its data file too, in safe characters.
    sandboxDataSetting(
      process.env,
      `npm-run-sandbox-${settings.personality.name.replace(/[^\w.-]+/g, '-')}.json`,
    ),
  )
  const server = createSandboxService({
    ...settings,
    store: data.store,
    ...(data.clock === undefined ? {} : { clockStorage: data.clock }),
  })
  server.once('error', (error: NodeJS.ErrnoException) => {
    const why =
      error.code === 'EADDRINUSE' ? `port ${settings.port} is in use; set PORT to another one` : error.message
    console.error(`Cannot start the sandbox: ${why}`)
    process.exit(1)
  })
  server.listen(settings.port, '127.0.0.1', () => {
    for (const line of standaloneBanner(settings, `http://127.0.0.1:${settings.port}`)) console.log(line)
    for (const line of data.banner) console.log(line)
  })
  // The first Ctrl-C lets the data be written; a second one does not wait.
  let stopping = false
  const stop = () => {
    if (stopping) process.exit(1)
    stopping = true
    server.close()
    server.closeIdleConnections()
    void data.flush()
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

main().catch((error: unknown) => {
  console.error('Cannot start the sandbox:', error instanceof ConfigError ? error.message : error)
  process.exit(1)
})
