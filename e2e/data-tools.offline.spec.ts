import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { setCondition } from './conditions-support'
import { expect, test } from './fixtures'
import { accountLinks, fillTestData, isoDay, openConsole, pages, screenshot, tableRows } from './support'

// Export, import and reset apply to the in-browser data only (proxy mode disables them).

async function chooseImportFile(page: Page, name: string, content: string) {
  const chooser = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: 'Import JSON…' }).click()
  await (await chooser).setFiles({ name, mimeType: 'application/json', buffer: Buffer.from(content) })
}

async function exportFile(page: Page): Promise<{ name: string; content: string }> {
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export JSON' }).click()
  const file = await download
  return { name: file.suggestedFilename(), content: await readFile(await file.path(), 'utf8') }
}

/** Every account's rows, both statuses, as the user reads them. */
async function everything(page: Page): Promise<Record<string, string[]>> {
  const seen: Record<string, string[]> = {}
  for (const link of await accountLinks(page).all()) {
    const name = (await link.textContent()) ?? ''
    await link.click()
    await page.getByRole('radio', { name: 'both' }).check()
    await expect(pages(page)).toContainText('Rows 1–')
    seen[name] = await tableRows(page)
  }
  return seen
}

test('export, reset, import gives back identical data', async ({ page }) => {
  await openConsole(page)
  await fillTestData(page)
  const before = await everything(page)
  expect(Object.keys(before)).toHaveLength(2)

  const exported = await exportFile(page)
  expect(exported.name).toBe(`sandbox-console-${isoDay(0)}.json`)
  await expect(page.getByRole('status')).toHaveText('Exported 2 card accounts and 19 transactions')

  await page.getByRole('button', { name: 'Reset…' }).click()
  const confirm = page.getByRole('dialog', { name: 'Reset sandbox data' })
  await expect(confirm).toContainText(
    'This deletes 2 card accounts and 19 transactions stored in this browser.',
  )
  await screenshot(page, 'reset-confirm')
  await confirm.getByRole('button', { name: 'Delete everything' }).click()
  await expect(page.getByRole('heading', { name: 'No card accounts yet' })).toBeVisible()
  await expect(page.getByRole('status')).toHaveText('Sandbox data reset: nothing stored')

  await chooseImportFile(page, exported.name, exported.content)
  await expect(page.getByRole('status')).toHaveText('Imported 2 card accounts and 19 transactions')
  expect(await everything(page)).toEqual(before)
  // The same data (key order inside an object is not data), and the same account book: its sightings'
  // times move on as the accounts are shown again, its accounts do not.
  const again = await exportFile(page)
  const { accountBook: bookAgain, ...dataAgain } = JSON.parse(again.content)
  const { accountBook: bookBefore, ...dataBefore } = JSON.parse(exported.content)
  expect(dataAgain).toEqual(dataBefore)
  const bookIds = (book: { books: Record<string, { entries: { id: string }[] }> }) =>
    Object.fromEntries(
      Object.entries(book.books).map(([upstream, b]) => [upstream, b.entries.map((e) => e.id)]),
    )
  expect(Object.values(bookIds(bookBefore)).flat()).toHaveLength(2)
  expect(bookIds(bookAgain)).toEqual(bookIds(bookBefore))

  // Importing over data asks first, naming what would be lost.
  await chooseImportFile(page, exported.name, exported.content)
  const replace = page.getByRole('dialog', { name: 'Import sandbox data' })
  await expect(replace).toContainText(
    `Importing ${exported.name} (2 card accounts and 19 transactions) replaces what this browser stores now: 2 card accounts and 19 transactions will be lost.`,
  )
  await screenshot(page, 'import-confirm')
  await replace.getByRole('button', { name: 'Cancel' }).click()
  await expect(replace).toBeHidden()
})

test('an invalid import file stores nothing and says what is wrong', async ({ page }) => {
  await openConsole(page)
  await fillTestData(page)
  const before = await everything(page)

  await chooseImportFile(page, 'notes.json', '{"format": "sandbox-console/v1", ')
  const alert = page.getByRole('alert')
  await expect(alert).toContainText('notes.json was not imported; nothing changed.')
  await expect(alert).toContainText('The file looks cut off: it ends before the JSON is complete.')
  await alert.getByRole('button', { name: 'Dismiss' }).click()

  const bad = {
    format: 'sandbox-console/v1',
    cardAccounts: [
      {
        account: {
          resourceId: 'acc-1',
          maskedPan: '525412******3241',
          currency: 'nok',
          customerNumber: '13039319955',
          customerType: 'private',
          status: 'enabled',
        },
        transactions: [],
      },
    ],
  }
  await chooseImportFile(page, 'bad.json', JSON.stringify(bad))
  await expect(alert).toContainText('bad.json was not imported; nothing changed.')
  await expect(alert).not.toContainText('FORMAT_ERROR')
  await expect(alert).toContainText('Card account 1: currency must be an ISO 4217 code')
  await screenshot(page, 'import-invalid')
  expect(await everything(page)).toEqual(before)
})

test('a file with many bad fields keeps the accounts in view in the narrow sidebar', async ({ page }) => {
  await openConsole(page)
  await fillTestData(page)
  const firstAccount = page.locator('.account-list a').first()
  await expect(firstAccount).toBeInViewport()

  const withoutId = {
    maskedPan: '525412******3241',
    currency: 'NOK',
    customerNumber: '13039319955',
    customerType: 'private',
    status: 'enabled',
  }
  const cardAccounts = Array.from({ length: 40 }, () => ({ account: withoutId, transactions: [] }))
  const file = { format: 'sandbox-console', version: 3, kind: 'data', cardAccounts }
  await chooseImportFile(page, 'export.json', JSON.stringify(file))
  const alert = page.getByRole('alert')
  await expect(alert).toContainText('Card account 1: its resourceId is missing')
  await expect(alert).toContainText('39 more problems')
  await expect(alert).not.toContainText('FORMAT_ERROR')
  await expect(firstAccount).toBeInViewport()
  await screenshot(page, 'import-many-problems')
})

test('reset turns the test conditions off with the data, and the header badge goes', async ({ page }) => {
  await openConsole(page)
  await fillTestData(page)
  await setCondition(page, 'Latency')

  await page.getByRole('button', { name: 'Reset…' }).click()
  const confirm = page.getByRole('dialog', { name: 'Reset sandbox data' })
  await expect(confirm).toContainText('Test conditions on: Condition r1: latency 500-2000 ms.')
  await expect(confirm.getByRole('checkbox', { name: 'Also turn off the test conditions' })).toBeChecked()
  await confirm.getByRole('button', { name: 'Delete everything' }).click()

  await expect(page.getByRole('status')).toHaveText(
    'Sandbox data reset: nothing stored; test conditions turned off',
  )
  await expect(page.getByRole('heading', { name: 'No card accounts yet' })).toBeVisible()
  await expect(page.getByRole('banner').getByRole('button', { name: /^Conditions: / })).toHaveCount(0)
})
