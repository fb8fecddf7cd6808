// Issue 19: each dialog links to its Help section. A dialog without `help` shows no Help button, which no
// rendered test would notice for a dialog it does not open; this reads every dialog the source opens.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { expect, it } from 'vitest'
import { repositoryRoot } from './biome'

/** Dialogs that are not about one part of the console: Help itself, a chunk that failed to load, the wrapper. */
const WITHOUT_TOPIC = ['src/app/HelpDialog.tsx', 'src/ui/ChunkBoundary.tsx', 'src/ui/ConfirmDialog.tsx']

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.tsx') && !entry.name.includes('.test.'))
    .map((entry) => join(entry.parentPath, entry.name))
}

it('opens every dialog with the Help section it belongs to', () => {
  const untopical: string[] = []
  for (const file of sourceFiles(join(repositoryRoot, 'src'))) {
    const name = relative(repositoryRoot, file)
    if (WITHOUT_TOPIC.includes(name)) continue
    // An opening tag up to its first `>` that closes it: attributes hold no `>` in this code base but arrows.
    for (const tag of readFileSync(file, 'utf8').matchAll(/<(?:Confirm)?Dialog\s(?:[^>]|=>)*>/g)) {
      if (!/\shelp="[a-z-]+"/.test(tag[0])) untopical.push(`${name}: ${tag[0].slice(0, 60)}`)
    }
  }
  expect(untopical).toEqual([])
})
