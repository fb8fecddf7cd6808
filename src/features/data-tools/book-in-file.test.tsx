// The account book travels in the console's data file: export, reset, import gives it back; a bad book
// part changes nothing; in proxy mode the book alone goes out and comes back.
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, expect, it } from 'vitest'
import { type AccountBook, OFFLINE_UPSTREAM, useApiClient } from '../../api'
import { startConsole } from '../../test/render'
import { seedAccount, seedTransactions, transaction } from '../../test/seed'
import { DataTools } from './DataTools'
import { useFillTestData } from './fill'
import { OfflineDataContext } from './offline-data'

const BANK = 'https://bank.example/api-sandbox/'
const PLATFORM_ID = 'enc!!abc-_=='

let book: AccountBook | undefined
function Tools() {
  book = useApiClient().book
  const fill = useFillTestData()
  return <DataTools fill={fill} onFilled={() => {}} />
}
const theBook = () => {
  if (!book) throw new Error('the tools are not rendered')
  return book
}
const ids = (upstream: string) =>
  theBook()
    .of(upstream)
    .entries.map((entry) => entry.id)

/** What the browser's download got: the file's text, by download name. */
const downloads: { name: string; blob: Blob }[] = []
const originals = {
  create: URL.createObjectURL,
  revoke: URL.revokeObjectURL,
  click: HTMLAnchorElement.prototype.click,
}
afterEach(() => {
  downloads.length = 0
  URL.createObjectURL = originals.create
  URL.revokeObjectURL = originals.revoke
  HTMLAnchorElement.prototype.click = originals.click
})
function captureDownloads() {
  let last: Blob | undefined
  URL.createObjectURL = (blob: Blob | MediaSource) => {
    last = blob as Blob
    return 'blob:download'
  }
  URL.revokeObjectURL = () => {}
  HTMLAnchorElement.prototype.click = function click(this: HTMLAnchorElement) {
    if (last) downloads.push({ name: this.download, blob: last })
  }
}
async function downloaded(): Promise<{ name: string; text: string }> {
  const file = downloads.at(-1)
  if (!file) throw new Error('nothing was downloaded')
  return { name: file.name, text: await file.blob.text() }
}

async function start({ proxy = false } = {}) {
  captureDownloads()
  const app = await startConsole()
  const account = await seedAccount(app.sandbox)
  await seedTransactions(app.sandbox, account.resourceId, [transaction(), transaction()])
  app.render(
    proxy ? (
      <OfflineDataContext.Provider value={undefined}>
        <Tools />
      </OfflineDataContext.Provider>
    ) : (
      <Tools />
    ),
  )
  theBook().record(OFFLINE_UPSTREAM, { id: account.resourceId, origin: 'created', account })
  theBook().record(BANK, { id: PLATFORM_ID, origin: 'opened', maskedPan: '525412******9999' })
  const importFile = (name: string, content: string) =>
    app.user.upload(
      screen.getByLabelText('Import JSON file'),
      new File([content], name, { type: 'application/json' }),
    )
  return { ...app, account, importFile }
}

it('exports the data with the book, and export → reset → import gives both back', async () => {
  const { user, sandbox, account, importFile } = await start()
  await user.click(screen.getByRole('button', { name: 'Export JSON' }))
  const exported = await downloaded()
  expect(JSON.parse(exported.text).accountBook.books[BANK].entries[0]).toMatchObject({ id: PLATFORM_ID })

  await user.click(screen.getByRole('button', { name: 'Reset…' }))
  const confirm = within(await screen.findByRole('dialog', { name: 'Reset sandbox data' }))
  await user.click(confirm.getByRole('button', { name: 'Delete everything' }))
  await waitFor(() =>
    expect(screen.getByRole('status').textContent).toBe('Sandbox data reset: nothing stored'),
  )
  theBook().remove(BANK, PLATFORM_ID)
  expect(ids(OFFLINE_UPSTREAM)).toEqual([])
  expect(ids(BANK)).toEqual([])

  await importFile(exported.name, exported.text)
  await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/^Imported/))
  expect(screen.getByRole('status').textContent).toBe('Imported 1 card account and 2 transactions')
  expect(await sandbox.listCardAccounts()).toEqual([account])
  expect(ids(OFFLINE_UPSTREAM)).toEqual([account.resourceId])
  expect(ids(BANK)).toEqual([PLATFORM_ID])
  expect(theBook().of(BANK).entries[0]?.maskedPan).toBe('525412******9999')
})

it('refuses a file whose book part is bad, saying where, and changes neither data nor book', async () => {
  const { user, sandbox, importFile } = await start()
  await user.click(screen.getByRole('button', { name: 'Export JSON' }))
  const exported = JSON.parse((await downloaded()).text)
  exported.accountBook.books[BANK].entries[0].lastSeenAt = 7
  await sandbox.reset()

  await importFile('edited.json', JSON.stringify(exported))
  const alert = await screen.findByRole('alert')
  expect(alert.textContent).toContain('edited.json was not imported; nothing changed.')
  expect(alert.textContent).toContain(
    `Account book of ${BANK}, entry 1: lastSeenAt: expected string, received number`,
  )
  expect(await sandbox.listCardAccounts()).toEqual([])
  expect(ids(BANK)).toEqual([PLATFORM_ID])
})

it('in proxy mode exports and imports the account book alone', async () => {
  const { user, account, importFile } = await start({ proxy: true })
  expect(screen.getByRole('button', { name: 'Reset…' })).toHaveProperty('disabled', true)
  await user.click(screen.getByRole('button', { name: 'Export book' }))
  const exported = await downloaded()
  expect(exported.name).toMatch(/^sandbox-console-account-book-\d{4}-\d{2}-\d{2}\.json$/)
  const file = JSON.parse(exported.text)
  expect(file).toMatchObject({ format: 'sandbox-console', version: 3, kind: 'account-book' })
  // The in-browser sandbox's book stays with its data.
  expect(Object.keys(file.accountBook.books)).toEqual([BANK])

  theBook().remove(BANK, PLATFORM_ID)
  await importFile(exported.name, exported.text)
  await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/^Imported/))
  // The client here reads from this browser, as offline mode's does: the bank's book waits for Proxy mode.
  expect(screen.getByRole('status').textContent).toBe(
    `Imported the account book: 1 card account of ${BANK}, kept for Proxy mode`,
  )
  expect(ids(BANK)).toEqual([PLATFORM_ID])
  expect(ids(OFFLINE_UPSTREAM)).toEqual([account.resourceId])
})

it('in proxy mode sends a scenario file to Offline mode, and imports nothing', async () => {
  const { importFile } = await start({ proxy: true })
  await importFile('demo.json', JSON.stringify({ format: 'sandbox-console', kind: 'scenario', name: 'Demo' }))
  expect((await screen.findByRole('alert')).textContent).toContain(
    'It is a scenario of the offline sandbox: switch to Offline mode and import it under Scenarios….',
  )
  expect(ids(BANK)).toEqual([PLATFORM_ID])
})
