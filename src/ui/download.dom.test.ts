// Issue 19: every export names the console that wrote it, so support can tell which console a partner used.
import { afterEach, expect, it, vi } from 'vitest'
import { consoleFile } from '../contract'
import { CREATED_BY, downloadJson } from './download'

/** What the browser would save: the file's name and text. */
async function saved(run: () => void): Promise<{ name: string; text: string }> {
  let blob: Blob | undefined
  vi.spyOn(URL, 'createObjectURL').mockImplementation((object) => {
    blob = object as Blob
    return 'blob:saved'
  })
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
  let name = ''
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    name = this.download
  })
  run()
  if (blob === undefined) throw new Error('nothing was saved')
  return { name, text: await blob.text() }
}

afterEach(() => vi.restoreAllMocks())

const dataFile = {
  format: 'sandbox-console',
  version: 3,
  kind: 'data',
  exportedAt: '2026-11-26',
  cardAccounts: [],
}

it('names the console that wrote a console file right after its head, and the file still reads', async () => {
  const { name, text } = await saved(() => downloadJson(dataFile, ''))
  expect(name).toMatch(/^sandbox-console-\d{4}-\d{2}-\d{2}\.json$/)
  const written = JSON.parse(text)
  expect(Object.keys(written).slice(0, 4)).toEqual(['format', 'version', 'kind', 'createdBy'])
  expect(written.createdBy).toBe(CREATED_BY)
  expect(CREATED_BY).toMatch(/^Sandbox Console \S+/)
  expect(consoleFile.parse(written)).toEqual(dataFile)
})

it('leaves a file of another format as it is (a HAR names its creator its own way)', async () => {
  const har = { log: { version: '1.2', creator: { name: 'Sandbox Console', version: '0.1.0' }, entries: [] } }
  const { name, text } = await saved(() => downloadJson(har, 'session', 'har'))
  expect(name).toMatch(/^sandbox-console-session-\d{4}-\d{2}-\d{2}\.har$/)
  expect(JSON.parse(text)).toEqual(har)
})
