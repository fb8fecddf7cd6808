import { buildServer } from '../scripts/build-server'
import { startConsoleServer } from '../server/test-support/console-process'

// The first start of server/main.ts generates the development CA and TPP certificate in .dev-identity/
// (server/identity.ts); a start that finds them reuses them. Starting once here, before any test, means the
// proxy project's servers only ever read those files, however many workers start them at once. The bundle
// they run (scripts/build-server.ts) is built before, from the sources as they are.
export default async function globalSetup(): Promise<void> {
  await buildServer()
  const server = await startConsoleServer()
  await server.stop()
}
