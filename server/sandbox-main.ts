// `npm run sandbox`: the sandbox operation alone over HTTP (memory store), for curl or another test suite.
import { localToday, OPENAPI_PATH } from '../src/contract'
import { createMemoryStore, createSandbox } from '../src/sandbox'
import { createSandboxHandlers } from '../src/sandbox-http/handlers'
import { createSandboxServer } from './upstream'

const port = Number(process.env.PORT ?? 4010)
const maxBodyBytes = Number(process.env.SANDBOX_MAX_BODY_BYTES ?? 16 * 1024 * 1024)

const sandbox = createSandbox({ store: createMemoryStore(), today: () => localToday() })
const server = createSandboxServer({ handlers: createSandboxHandlers({ sandbox }), maxBodyBytes })
server.listen(port, '127.0.0.1', () => {
  const url = `http://127.0.0.1:${port}`
  console.log(`Sandbox listening on ${url}`)
  console.log(
    `  try: curl -H "X-Request-ID: $(cat /proc/sys/kernel/random/uuid)" ${url}/v1/sandbox/card-accounts`,
  )
  console.log(`  the operation as OpenAPI 3.1: ${url}${OPENAPI_PATH}`)
})
