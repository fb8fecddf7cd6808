import { buildServer } from '../../scripts/build-server'

// The integration tests start the server from its bundle (console-process.ts): built here, once a run, so
// they test the sources as they are, never an older bundle.
export default async function setup(): Promise<void> {
  await buildServer()
}
