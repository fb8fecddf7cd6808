import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll } from 'vitest'

/**
 * A folder of the test file's own under the system's temp folder, removed when the file's tests end: several
 * hold a generated private key, which must not outlive the run. Call it at the file's top level.
 */
export function tempFolder(prefix: string): string {
  const folder = mkdtempSync(join(tmpdir(), prefix))
  afterAll(() => rmSync(folder, { recursive: true, force: true }))
  return folder
}
