// What `npm start` runs once server/main.ts has checked its settings and identity: the local sandbox when
// no bank is named, the signing proxy and the console, serving until a signal ends them.
import { existsSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { PersonalityName } from '../src/contract'
import { defaultPersonality, personalities } from '../src/sandbox-http/personality'
import { createNodeRequestSigner } from '../src/signing/node/node-signing-crypto'
import { REQUEST_TARGET_SIGNED_HEADERS } from '../src/signing/signer'
import { createApp } from './app'
import { createProxyConditions } from './conditions'
import type { Config } from './config'
import { consoleConnectionOf } from './console-connection'
import { newConsoleSecret } from './console-secret'
import type { DevIdentity, SigningIdentity } from './identity'
import { startLocalUpstream } from './local-upstream'
import { badSignersOf } from './probe/bad-signatures'
import { openSandboxData, type SandboxData, sandboxDataSetting } from './sandbox-data'

/** Where the proxy sends signed requests, its settings checked: the user's bank, or the local sandbox. */
export type CheckedUpstream =
  | { kind: 'remote'; baseUrl: URL; identity: SigningIdentity }
  | { kind: 'local'; personality: PersonalityName; dev: DevIdentity }

const MAX_BODY_BYTES = 1024 * 1024
const STATIC_DIR = fileURLToPath(new URL('../dist/', import.meta.url))
const SHUTDOWN_GRACE_MS = 5_000
const CLOSE_IDLE_EVERY_MS = 50

interface Upstream {
  baseUrl: URL
  identity: SigningIdentity
  description: string
  /** Whether it has the console's own operations: the local sandbox in a personality with them, never a bank. */
  consoleOperations: boolean
  server?: Server
  /** The local sandbox's start-up lines about its data, and what writes it out before the process ends. */
  data?: SandboxData
}

async function startUpstream(
  config: Config,
  checked: CheckedUpstream,
  env: NodeJS.ProcessEnv,
): Promise<Upstream> {
  if (checked.kind === 'remote') {
    const { baseUrl, identity } = checked
    return { baseUrl, identity, description: `${baseUrl.href} (SANDBOX_BASE_URL)`, consoleOperations: false }
  }
  const personality = personalities[checked.personality]
  const data = await openSandboxData(sandboxDataSetting(env, `npm-start-${personality.name}.json`))
  const local = await startLocalUpstream({
    trustedCa: checked.dev.ca,
    maxBodyBytes: MAX_BODY_BYTES,
    personality,
    storeCaps: config.storeCaps,
    store: data.store,
    ...(data.clock === undefined ? {} : { clockStorage: data.clock }),
  })
  const shape =
    personality === defaultPersonality ? '' : `, personality ${personality.name}: ${personality.summary}`
  return {
    baseUrl: local.url,
    identity: checked.dev.identity,
    description: `${local.url.href} (local sandbox in this process, verifies every signature${shape})`,
    consoleOperations: personality.profile.consoleOperations === true,
    server: local.server,
    data,
  }
}

/** The console's URL as printed: under the first name it answers to, never with the secret in it. */
function consoleUrl(config: Config, port: number): string {
  const [host = config.host] = config.allowedHostnames
  return `http://${host}:${port}/`
}

export async function serveConsole(
  config: Config,
  checked: CheckedUpstream,
  env: NodeJS.ProcessEnv,
): Promise<void> {
  const upstream = await startUpstream(config, checked, env)
  const consoleSecret = { value: newConsoleSecret(), required: config.tokenRequired }
  const signer = createNodeRequestSigner({
    ...upstream.identity,
    ...(config.signRequestTarget ? { signedHeaders: REQUEST_TARGET_SIGNED_HEADERS } : {}),
  })
  const app = createApp({
    staticDir: STATIC_DIR,
    upstream: {
      baseUrl: upstream.baseUrl,
      sign: (request, options) => signer.sign(request, options),
      connectTimeoutMs: config.connectTimeoutMs,
      totalTimeoutMs: config.totalTimeoutMs,
      maxBodyBytes: MAX_BODY_BYTES,
    },
    allowedHostnames: new Set(config.allowedHostnames),
    consoleSecret,
    probeBadSigners: badSignersOf(upstream.identity),
    clientTimeouts: config.client,
    conditions: createProxyConditions({ upstreamTimeoutMs: config.totalTimeoutMs }),
    connection: consoleConnectionOf({
      baseUrl: upstream.baseUrl,
      local: checked.kind === 'local',
      consoleOperations: upstream.consoleOperations,
      certificate: upstream.identity.certificate,
      dataFile: upstream.data?.file,
      signsRequestTarget: config.signRequestTarget,
    }),
    log: (line) => console.log(line),
  })
  await new Promise<void>((resolve, reject) => {
    app.once('error', reject)
    app.listen(config.port, config.host, resolve)
  })
  const { certificate } = upstream.identity
  const { port } = app.address() as AddressInfo
  console.log(`Sandbox Console on ${consoleUrl(config, port)}`)
  if (consoleSecret.required) {
    console.log(`  console token: ${consoleSecret.value}`)
    console.log("  paste it when the console asks (curl: -H 'X-Console-Secret: <token>'); new at each start")
  }
  console.log(`  /api -> signing proxy -> ${upstream.description}`)
  for (const line of upstream.data?.banner ?? []) console.log(line)
  console.log(
    `  signing as ${certificate.subjectDn} (keyId SN=${certificate.serialHex},CA=${certificate.issuerDn})`,
  )
  if (config.signRequestTarget)
    console.log('  signing (request-target): the method and path (SIGN_REQUEST_TARGET=1)')
  if (!existsSync(join(STATIC_DIR, 'index.html'))) {
    console.log('  dist/ holds no build of the console yet: run `npm run build` (npm start does)')
  }

  let stopping = false
  const stop = (signal: string) => {
    if (stopping) process.exit(1)
    stopping = true
    console.log(`${signal}: finishing requests in flight (again to force)`)
    const servers = upstream.server ? [app, upstream.server] : [app]
    // A connection whose request was in flight stayed open once it was answered, for the page to send its
    // next request on, which kept the process to the grace's end: each is closed as soon as it is idle,
    // and one that brings a request meanwhile is closed with its answer.
    for (const server of servers) {
      server.close()
      server.closeIdleConnections()
      server.on('request', (_request, response) => {
        if (!response.headersSent) response.setHeader('connection', 'close')
      })
    }
    setInterval(() => {
      for (const server of servers) server.closeIdleConnections()
    }, CLOSE_IDLE_EVERY_MS).unref()
    setTimeout(() => {
      app.closeAllConnections()
      upstream.server?.closeAllConnections()
    }, SHUTDOWN_GRACE_MS).unref()
    // Writes the data now rather than after the snapshot delay; a write still in flight is awaited too.
    void upstream.data?.flush()
  }
  process.on('SIGINT', () => stop('SIGINT'))
  process.on('SIGTERM', () => stop('SIGTERM'))
}
