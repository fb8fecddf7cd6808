// The unit, components and integration lanes share loaded modules from file to file (vite.config.ts): a
// module mocked in one file would stay mocked, or stay loaded under the mock, for the files after it in the
// same worker. So only the isolated lane's files (*.isolated.test.ts(x)) may mock a module.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { repositoryRoot } from './biome'

const MOCKS_A_MODULE = /\bvi\s*\.\s*(mock|doMock)\s*\(/

/** The test files under src/ and server/ that run in a lane sharing modules, from the repository's root. */
function sharedLaneTestFiles(): string[] {
  return ['src', 'server'].flatMap((folder) =>
    readdirSync(join(repositoryRoot, folder), { recursive: true, encoding: 'utf8' })
      .filter((path) => /\.test\.tsx?$/.test(path) && !/\.(isolated|slow)\.test\.tsx?$/.test(path))
      .map((path) => join(folder, path)),
  )
}

it('has no test file that mocks a module in a lane sharing modules', () => {
  const files = sharedLaneTestFiles()
  // The scan reads the lanes' files, not an empty folder.
  expect(files.length).toBeGreaterThan(50)
  const mocking = files.filter((file) =>
    MOCKS_A_MODULE.test(readFileSync(join(repositoryRoot, file), 'utf8')),
  )
  expect(mocking, 'rename each to *.isolated.test.ts(x)').toEqual([])
})
