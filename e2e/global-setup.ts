import { startConsoleServer } from '../server/test-support/console-process'

// The first start of server/main.ts generates the development CA and TPP certificate in .dev-identity/
// (server/identity.ts); a start that finds them reuses them. Starting once here, before any test, means the
// proxy project's servers only ever read those files, however many workers start them at once.
export default async function globalSetup(): Promise<void> {
  const server = await startConsoleServer()
  await server.stop()
}
