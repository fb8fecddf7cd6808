import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { expect, PLATFORM_UPSTREAM, test } from './fixtures'
import { accountLinks, fillTestData, openAccountButton, openConsole, screenshot } from './support'

// Proxy mode against the platform-shaped upstream (SANDBOX_PERSONALITY=platform), where the account book is
// the only list of accounts: an account opened by id, a string pending row and a row's raw JSON; and the
// book, exported alone, survives losing this browser's copy.
test.use({ serverSettings: PLATFORM_UPSTREAM })

const forgetBook = (page: Page) =>
  page.evaluate(() => {
    for (const key of Object.keys(localStorage)) if (key.includes('book')) localStorage.removeItem(key)
  })

test('the account book, an account opened by id, a string pending row and its raw JSON', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 })
  await openConsole(page)
  await fillTestData(page, { permanent: true })
  await expect(page.getByText('This sandbox does not list card accounts')).toBeVisible()
  await expect(accountLinks(page)).toHaveCount(2)
  const id = new URL(page.url()).searchParams.get('account') ?? ''
  await screenshot(page, 'issue9-account-book')
  await page.setViewportSize({ width: 800, height: 600 })
  await screenshot(page, 'issue9-account-book-800x600')
  await page.setViewportSize({ width: 1366, height: 900 })

  // A browser whose book does not know the account: Open… takes its id.
  await forgetBook(page)
  await page.goto('/')
  await expect(accountLinks(page)).toHaveCount(0)
  await openAccountButton(page).click()
  const dialog = page.getByRole('dialog', { name: 'Open card account' })
  await dialog.getByLabel('Card account id or link').fill(id)
  await dialog.getByRole('button', { name: 'Open account' }).click()
  await expect(dialog).toBeHidden()
  await expect(accountLinks(page)).toHaveCount(1)
  const table = page.getByRole('table', { name: /^Transactions of/ })
  await expect(table).toBeVisible()
  expect(new URL(page.url()).searchParams.get('account')).toBe(id)
  await screenshot(page, 'issue9-opened-by-id')

  await page.getByRole('radio', { name: 'pending' }).check()
  const pendingRow = table.getByText(/^ct-\d+ \d{4}-\d{2}-\d{2} -?\d+\.\d{2} NOK \d{4}$/).first()
  await expect(pendingRow).toBeVisible()
  await screenshot(page, 'issue9-string-pending-row')

  await table
    .getByRole('button', { name: /^Details of/ })
    .first()
    .click()
  const raw = table.locator('pre.raw-json').first()
  // The platform's pending element is a string: its raw JSON is that string, quoted.
  await expect(raw).toHaveText(/^"ct-\d+ \d{4}-\d{2}-\d{2} -?\d+\.\d{2} NOK \d{4}"$/)
  await screenshot(page, 'issue9-raw-json')
})

test('proxy mode exports the account book alone and imports it back', async ({ page }) => {
  await openConsole(page)
  await fillTestData(page, { permanent: true })
  await expect(accountLinks(page)).toHaveCount(2)
  const names = await accountLinks(page).allTextContents()

  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export book' }).click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/^sandbox-console-account-book-\d{4}-\d{2}-\d{2}\.json$/)
  const path = await file.path()
  expect(JSON.parse(await readFile(path, 'utf8'))).toMatchObject({ version: 3, kind: 'account-book' })
  await expect(page.getByRole('status')).toHaveText('Exported the account book: 2 card accounts')

  await forgetBook(page)
  await page.goto('/')
  await expect(accountLinks(page)).toHaveCount(0)
  await page.getByLabel('Import JSON file').setInputFiles(path)
  await expect(page.getByRole('status')).toHaveText(
    'Imported the account book: 2 card accounts of this sandbox',
  )
  await expect(accountLinks(page)).toHaveText(names)
})
