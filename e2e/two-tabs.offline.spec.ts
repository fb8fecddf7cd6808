import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { createAccount, openConsole } from './support'

// One account open in two tabs of one browser, "Generate 1,000" clicked in both at once: the
// in-browser sandbox of each tab writes to the one IndexedDB database, and every row must be kept
// with an id of its own.

async function openGenerate(page: Page, seed: number) {
  // An empty account offers Generate in its empty state too: either opens the same dialog.
  await page.getByRole('main').getByRole('button', { name: 'Generate…' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'Generate transactions' })
  await dialog.getByLabel('Number of transactions').fill('1000')
  await dialog.getByLabel('Seed').fill(String(seed))
  return dialog
}

test('two tabs generating at once store every row, each with its own id', async ({ page, context }) => {
  await openConsole(page)
  await createAccount(page, { maskedPan: '400000******0002', name: 'Shared card' })
  await page
    .getByRole('complementary')
    .getByRole('link', { name: /Shared card/ })
    .click()
  await expect(page).toHaveURL(/account=/)

  const other = await context.newPage()
  await other.goto(page.url())
  await expect(other.getByRole('heading', { name: 'Card accounts', exact: true })).toBeVisible()

  const dialogs = [await openGenerate(page, 1), await openGenerate(other, 2)]
  await Promise.all(dialogs.map((dialog) => dialog.getByRole('button', { name: 'Generate 1,000' }).click()))
  for (const dialog of dialogs) {
    await expect(dialog.getByText('Done: 1,000 of 1,000 transactions created.')).toBeVisible({
      timeout: 30_000,
    })
    await dialog.getByRole('button', { name: 'Close' }).first().click()
  }

  const download = other.waitForEvent('download')
  await other.getByRole('button', { name: 'Export JSON' }).click()
  const file = JSON.parse(await readFile(await (await download).path(), 'utf8'))
  const ids: string[] = file.cardAccounts[0].transactions.map(
    (tx: { cardTransactionId: string }) => tx.cardTransactionId,
  )
  expect(ids).toHaveLength(2000)
  expect(new Set(ids).size).toBe(2000)
  await expect(other.getByRole('status')).toHaveText('Exported 1 card account and 2,000 transactions')
})

// A tester switched one tab to Proxy; the other, still offline, came back from a reload in Proxy mode,
// its offline account "not found". Each tab keeps its own mode; a new tab starts in the last one chosen.
test('a reload keeps the tab’s mode when another tab switched', async ({ page, context }) => {
  await openConsole(page)
  await createAccount(page, { maskedPan: '400000******0003', name: 'Stays offline' })
  const other = await context.newPage()
  await other.goto(page.url())
  await expect(other.locator('#account-heading')).toContainText('Stays offline')

  const mode = (tab: Page) => tab.getByRole('combobox', { name: 'Mode' })
  await mode(page).selectOption('proxy')
  await expect(mode(page)).toHaveValue('proxy')
  await other.reload()
  await expect(mode(other)).toHaveValue('offline')
  await expect(other.locator('#account-heading')).toContainText('Stays offline')

  const third = await context.newPage()
  await third.goto('/')
  await expect(mode(third)).toHaveValue('proxy')
})
