// The import rules of biome.json still bite: a forbidden import planted in a file of each zone is refused
// with that zone's message, and the same file importing something the zone may use passes. The files are
// planted in a temporary copy of the tree (biome.json alone), never in the repository.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type BiomeDiagnostic, biomeLint, repositoryRoot } from './biome'

interface Zone {
  /** A file of the zone, from the repository's root. */
  file: string
  forbidden: string
  allowed: string
  /** The start of the message the zone's rule refuses it with. */
  refusal: string
}

const engineOnly = 'Only the composition root (src/app), the sandbox'
const oneFeature = 'A feature imports another only through its public entry'

const zones: Zone[] = [
  {
    file: 'server/probe.ts',
    forbidden: '../src/app/App',
    allowed: '../src/contract',
    refusal: 'The Node server',
  },
  {
    file: 'server/proxy/probe.ts',
    forbidden: '../../src/features/chart',
    allowed: '../../src/sandbox-http/node',
    refusal: 'The Node server',
  },
  {
    file: 'server/probe.ts',
    forbidden: '../src/ui/Dialog',
    allowed: '../src/signing',
    refusal: 'The Node server',
  },
  {
    file: 'src/sandbox-http/probe.ts',
    forbidden: 'react',
    allowed: 'msw',
    refusal: "The sandbox's HTTP face runs in the service worker and in Node: no React.",
  },
  {
    file: 'src/sandbox-http/probe.ts',
    forbidden: '@tanstack/react-query',
    allowed: '../contract/zod',
    refusal: "The sandbox's HTTP face runs in the service worker and in Node: no React.",
  },
  ...['../api', '../features/chart', '../app/offline', '../ui/Dialog'].map((forbidden) => ({
    file: 'src/sandbox-http/probe.ts',
    forbidden,
    allowed: '../sandbox',
    refusal: "The sandbox's HTTP face sits under the console",
  })),
  ...['react', 'msw', 'node:http'].map((forbidden) => ({
    file: 'src/sandbox/probe.ts',
    forbidden,
    allowed: '../contract',
    refusal: 'The engine is pure domain code',
  })),
  ...['../sandbox-http/handlers', '../../server/upstream', '../api'].map((forbidden) => ({
    file: 'src/sandbox/probe.ts',
    forbidden,
    allowed: './storage/memory-store',
    refusal: 'The engine sits under everything else',
  })),
  {
    file: 'src/features/explain/probe.ts',
    forbidden: '../chart/summary-query',
    allowed: '../chart',
    refusal: oneFeature,
  },
  {
    file: 'src/features/probe.tsx',
    forbidden: './conditions/conditions-hooks',
    allowed: './conditions',
    refusal: oneFeature,
  },
  {
    file: 'src/features/explain/corpus/probe.ts',
    forbidden: '../../conditions/conditions-source',
    allowed: '../../conditions',
    refusal: oneFeature,
  },
  {
    file: 'src/features/chart/probe.ts',
    forbidden: '../../sandbox',
    allowed: '../../api',
    refusal: engineOnly,
  },
  {
    file: 'src/features/chart/probe.ts',
    forbidden: '../../app/App',
    allowed: '../../ui/Dialog',
    refusal: 'src/app',
  },
  {
    file: 'src/contract/probe.ts',
    forbidden: '../api',
    allowed: 'lossless-json',
    refusal: 'The contract, the source',
  },
  {
    file: 'src/test-data/probe.ts',
    forbidden: '../sandbox',
    allowed: '../contract',
    refusal: 'src/test-data',
  },
  {
    file: 'src/api/probe.ts',
    forbidden: '../features/chart',
    allowed: '../contract',
    refusal: 'The API client',
  },
  { file: 'src/ui/probe.tsx', forbidden: '../api', allowed: './Dialog', refusal: 'src/ui holds generic' },
  {
    file: 'src/signing/probe.ts',
    forbidden: '../ui/Dialog',
    allowed: './base64',
    refusal: 'src/signing is a',
  },
  { file: 'src/main.tsx', forbidden: './sandbox', allowed: './app/App', refusal: engineOnly },
]

const contractZ = 'Schemas are built with the z of src/contract/zod.ts'

/**
 * zod is imported in src/ by src/contract/zod.ts alone (tests aside), so that its classic API stays out of
 * the page. Each zone's rules replace the others' for its files (Biome does not merge the options of
 * overrides), so each zone carries that rule: it is planted in one file of each.
 */
const zodFiles: [file: string, allowed: string][] = [
  ['src/app/probe.ts', '../contract/zod'],
  ['src/main.tsx', './contract/zod'],
  ['src/contract/probe.ts', './zod'],
  ['src/test-data/probe.ts', '../contract/zod'],
  ['src/sandbox/probe.ts', '../contract/zod'],
  ['src/sandbox/storage/indexeddb-probe.ts', '../../contract/zod'],
  ['src/sandbox-http/probe.ts', '../contract/zod'],
  ['src/api/probe.ts', '../contract/zod'],
  ['src/features/probe.ts', '../contract/zod'],
  ['src/features/chart/probe.ts', '../../contract/zod'],
  ['src/features/explain/corpus/probe.ts', '../../../contract/zod'],
  ['src/ui/probe.tsx', '../contract/zod'],
  ['src/signing/probe.ts', '../contract/zod'],
]
const classicZodZones: Zone[] = [
  ...zodFiles.map(([file, allowed]) => ({
    file,
    forbidden: 'zod',
    allowed,
    refusal: contractZ,
  })),
  // The mini API too: zod's English messages are set where the contract makes its z.
  { file: 'src/app/probe.ts', forbidden: 'zod/mini', allowed: '../contract/zod', refusal: contractZ },
]

/** One planted copy of the tree: each of `planted`'s files importing `which` of its two. */
function plant(planted: Zone[], which: 'forbidden' | 'allowed'): { dir: string; found: BiomeDiagnostic[] } {
  const dir = mkdtempSync(join(tmpdir(), `lint-zones-${which}-`))
  copyFileSync(join(repositoryRoot, 'biome.json'), join(dir, 'biome.json'))
  // Zones that share a file get one each, numbered, in the same folder.
  planted.forEach((zone, index) => {
    const path = join(dir, numbered(zone.file, index))
    mkdirSync(dirname(path), { recursive: true })
    writeFileSync(path, `import { planted } from '${zone[which]}'\n\nexport const probe = planted\n`)
  })
  return { dir, found: biomeLint(dir, ['--only=style/noRestrictedImports', '.']) }
}

const numbered = (file: string, index: number) =>
  file === 'src/main.tsx' ? file : file.replace(/probe(\.tsx?)$/, `probe-${index}$1`)

const rules = [
  { rules: 'the layers', planted: zones },
  { rules: "zod, through the contract's z alone", planted: classicZodZones },
]

describe.each(rules)('$rules', ({ planted }) => {
  let refused: ReturnType<typeof plant>
  let passed: ReturnType<typeof plant>

  beforeAll(() => {
    refused = plant(planted, 'forbidden')
    passed = plant(planted, 'allowed')
  })

  afterAll(() => {
    for (const { dir } of [refused, passed]) rmSync(dir, { recursive: true, force: true })
  })

  describe.each(planted.map((zone, index) => ({ ...zone, at: numbered(zone.file, index) })))(
    '$file',
    ({ at, forbidden, allowed, refusal }) => {
      it(`refuses an import of ${forbidden}`, () => {
        const found = refused.found.filter((diagnostic) => diagnostic.path === at)
        expect(found).toEqual([
          { category: 'lint/style/noRestrictedImports', message: expect.stringContaining(refusal), path: at },
        ])
      })

      it(`takes the same file importing ${allowed}`, () => {
        expect(passed.found.filter((diagnostic) => diagnostic.path === at)).toEqual([])
      })
    },
  )
})
