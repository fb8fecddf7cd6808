// Share what you see, in proxy mode, with the proxy needing its start-up secret (as it does off loopback):
// a copied link reopens the exact view and request in a new page and never carries the secret; the HAR
// export holds the headers the proxy signed, marked stale, and no key.
import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import type { ConsoleServer } from '../server/test-support/console-process'
import { expect, test } from './fixtures'
import { copyLink, decodedFragment, openShare } from './share-support'
import { createAccount, fillAndOpenFirst, isoDay, openConsole, swapAmounts, tableRows } from './support'

const PSU_ID = '13039319955'

test.use({ serverSettings: { CONSOLE_TOKEN: 'required' } })

test.beforeEach(async ({ context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
})

/** Pastes the token the console printed at start, as its user does once when the console asks for it. */
async function landWithToken(page: Page, server: ConsoleServer | undefined): Promise<string> {
  const token = /console token: ([0-9a-f]+)/.exec(server?.output() ?? '')?.[1] ?? ''
  expect(token).toMatch(/^[0-9a-f]{48}$/)
  await page.goto('/')
  await page.getByLabel('Token', { exact: true }).fill(token)
  await page.getByRole('button', { name: 'Use this token' }).click()
  return token
}

test('a copied link reopens the exact view and the selected request, never the proxy secret', async ({
  page,
  context,
  consoleServer,
}) => {
  const token = await landWithToken(page, consoleServer)
  await openConsole(page)
  await fillAndOpenFirst(page)
  await page.getByRole('radio', { name: 'both' }).check()
  await page.getByLabel('From', { exact: true }).fill(isoDay(-12))
  await page.getByLabel('To', { exact: true }).fill(isoDay(-5))
  await (await swapAmounts(page)).check()
  const rows = await tableRows(page)
  expect(rows.length).toBeGreaterThan(1)
  const search = new URL(page.url()).search
  expect(search).toContain(`from=${isoDay(-12)}`)

  // The newest read of the transactions is the one behind the table on screen.
  const link = await copyLink(
    page,
    /^GET \/api\/v1\/sandbox\/card-accounts\/[^ ]+\/transactions\?.* \(200\)$/,
  )
  expect(link).not.toContain(token)
  const carried = decodedFragment(link)
  expect(carried).not.toContain(token)
  expect(carried).not.toMatch(/sandbox-console-token|cookie|PRIVATE KEY/i)
  const shared = JSON.parse(carried)
  expect(shared).toMatchObject({ mode: 'proxy', view: search, request: { method: 'GET', status: 200 } })
  expect(shared.request.url).toContain(`fromDate=${isoDay(-12)}&toDate=${isoDay(-5)}`)

  const other = await context.newPage()
  await other.goto(link)
  const request = other.getByRole('dialog', {
    name: /^Shared request: GET \/api\/v1\/sandbox\/card-accounts\/[^ ]+\/transactions\?/,
  })
  await expect(request).toContainText('Response 200 headers')
  await expect(request).toContainText('"cardTransactions"')
  await expect(request).not.toContainText(token)
  await request.getByRole('button', { name: 'Close' }).click()
  await expect(request).toBeHidden()
  await expect(other.getByRole('combobox', { name: 'Mode' })).toHaveValue('proxy')
  expect(new URL(other.url()).search).toBe(search)
  await expect(other.getByRole('radio', { name: 'both' })).toBeChecked()
  await expect(other.getByLabel('From', { exact: true })).toHaveValue(isoDay(-12))
  await expect(other.getByLabel('To', { exact: true })).toHaveValue(isoDay(-5))
  await expect(await swapAmounts(other)).toBeChecked()
  expect(await tableRows(other)).toEqual(rows)
})

test('Export HAR holds the headers the proxy signed, marked stale, and no key or secret', async ({
  page,
  consoleServer,
}) => {
  const token = await landWithToken(page, consoleServer)
  await openConsole(page)
  await createAccount(page, { maskedPan: '400000******0042', currency: 'EUR', customerNumber: PSU_ID })
  const dialog = await openShare(page)
  const [har] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Export HAR' }).click(),
  ])
  const text = readFileSync(await har.path(), 'utf8')
  expect(text).not.toContain(token)
  expect(text).not.toMatch(/PRIVATE KEY|sandbox-console-token/)

  const { log } = JSON.parse(text)
  const created = log.entries.find(
    (e: { request: { method: string; url: string } }) =>
      e.request.method === 'POST' && e.request.url.endsWith('/v1/sandbox/card-accounts'),
  )
  expect(created.response.status).toBe(201)
  const headers: { name: string; value: string; comment?: string }[] = created.request.headers
  const header = (wanted: string) => headers.find(({ name }) => name.toLowerCase() === wanted)
  // The console sends none of these in proxy mode: they are the proxy's, as it sent them upstream.
  for (const name of ['signature', 'digest', 'date', 'x-request-id', 'tpp-signature-certificate']) {
    expect(header(name)?.comment, name).toContain('stale')
  }
  expect(header('signature')?.value).toMatch(/^keyId="[^"]+",algorithm="rsa-sha256",headers="[^"]*digest/)
  expect(header('cookie')).toBeUndefined()
})

test("offline on the proxy's page, the HAR and the inspector hold no secret either", async ({
  page,
  consoleServer,
}) => {
  const token = await landWithToken(page, consoleServer)
  await openConsole(page)
  const mode = page.getByRole('combobox', { name: 'Mode' })
  await mode.selectOption('offline')
  await expect(mode).toHaveValue('offline')
  // The page still holds the secret and sends it with each request; the proxy's stand-in must drop it, as
  // the proxy does, before it signs and shows the request as sent upstream.
  await createAccount(page, { maskedPan: '400000******0043', currency: 'EUR' })
  const inspector = page.getByRole('region', { name: 'Request inspector' })
  await inspector.locator('summary.inspector-summary').click()
  const created = inspector.locator('details.request').filter({ hasText: 'createCardAccount' }).first()
  await created.locator(':scope > summary').click()
  await expect(created.getByRole('heading', { name: 'Headers as sent upstream' })).toBeVisible()
  await expect(inspector).not.toContainText(token)

  const dialog = await openShare(page)
  const [har] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Export HAR' }).click(),
  ])
  const text = readFileSync(await har.path(), 'utf8')
  expect(text).toContain('/v1/sandbox/card-accounts')
  expect(text).not.toContain(token)
  expect(text.toLowerCase()).not.toContain('x-console-secret')
})
