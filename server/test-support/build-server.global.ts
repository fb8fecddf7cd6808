import { buildCommandLineTools, buildServer } from '../../scripts/build-server'

// The integration tests start the server and run `npm run sign` and `npm run probe` from their bundles
// (console-process.ts, node-script.ts): built here, once a run, so they test the sources as they are, never
// an older bundle.
export default async function setup(): Promise<void> {
  await Promise.all([buildServer(), buildCommandLineTools()])
}
