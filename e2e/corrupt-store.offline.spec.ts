import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { createAccount, fillAndOpenFirst, isoDay, openConsole } from './support'

// The offline data in IndexedDB holds a record the console cannot read (a bug of an older version, a
// hand edit, a broken disk): the console says so in words and offers its ways out instead of failing.

/**
 * Breaks the stored data as raw IndexedDB: `accounts` puts an account record that breaks the contract
 * beside the good ones; `blocks` makes every block of stored transactions hold rows the contract refuses,
 * the accounts left whole.
 */
async function corruptStore(page: Page, records: 'accounts' | 'blocks' = 'accounts') {
  await page.evaluate(async (records) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('sandbox-console')
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error)
    })
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction(records, 'readwrite')
      const store = tx.objectStore(records)
      if (records === 'accounts') {
        store.put({ position: 99, account: { resourceId: 'broken', maskedPan: 7 } }, 'broken')
      } else {
        const cursor = store.openCursor()
        cursor.onsuccess = () => {
          const at = cursor.result
          if (at === null) return
          at.update({ ...at.value, transactions: [null, { cardTransactionId: 5 }] })
          at.continue()
        }
      }
      tx.oncomplete = () => resolve()
      tx.onerror = () => reject(tx.error)
    })
    db.close()
  }, records)
}

/** The account list's error, with the recovery actions. */
const recovery = (page: Page) => page.getByRole('region', { name: 'Recover the offline data' })

async function reloadOnCorruptStore(page: Page) {
  await corruptStore(page)
  await page.reload()
  const sidebar = page.getByRole('complementary')
  await expect(sidebar.getByText('Could not load card accounts (HTTP 503)')).toBeVisible()
  await expect(sidebar.getByText('STORE_UNREADABLE')).toBeVisible()
  await expect(recovery(page)).toContainText('The data stored in this browser cannot be read')
}

test('an unreadable store offers to save what can be read, then a reset to an empty sandbox that works', async ({
  page,
}) => {
  await openConsole(page)
  await createAccount(page, { maskedPan: '400000******0011', name: 'Readable card' })
  await reloadOnCorruptStore(page)
  await expect(recovery(page).getByRole('button', { name: 'Save what can be read' })).toBeVisible()
  await expect(recovery(page).getByRole('button', { name: 'Reset…' })).toBeVisible()

  const download = page.waitForEvent('download')
  await recovery(page).getByRole('button', { name: 'Save what can be read' }).click()
  const file = await download
  expect(file.suggestedFilename()).toBe(`sandbox-console-damaged-${isoDay(0)}.json`)
  const saved = JSON.parse(await readFile(await file.path(), 'utf8'))
  expect(saved.damaged).toBe(true)
  expect(saved.cardAccounts.map((a: { account: { name: string } }) => a.account.name)).toEqual([
    'Readable card',
  ])
  expect(saved.unreadable).toHaveLength(1)
  await expect(recovery(page)).toContainText('Saved 1 card account and 0 transactions; 1 unreadable record')

  await recovery(page).getByRole('button', { name: 'Reset…' }).click()
  const confirm = page.getByRole('dialog', { name: 'Reset sandbox data' })
  await confirm.getByRole('button', { name: 'Delete everything' }).click()
  await expect(page.getByRole('heading', { name: 'No card accounts yet' })).toBeVisible()
  await expect(recovery(page)).toHaveCount(0)

  await createAccount(page, { maskedPan: '400000******0012', name: 'Fresh card' })
  await expect(page.getByRole('complementary').getByRole('link', { name: /Fresh card/ })).toBeVisible()
})

test('importing a valid file over an unreadable store replaces it', async ({ page }) => {
  await openConsole(page)
  await createAccount(page, { maskedPan: '400000******0021', name: 'Exported card' })
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export JSON' }).click()
  const exported = await readFile(await (await download).path())
  await reloadOnCorruptStore(page)

  // The data tools say why they cannot export, and what Reset would replace.
  await page.getByRole('button', { name: 'Export JSON' }).click()
  const refusal = page.getByRole('alert').filter({ has: page.getByRole('button', { name: 'Dismiss' }) })
  await expect(refusal).toContainText('Save what can be read')
  await expect(refusal.getByRole('listitem')).not.toHaveCount(0)
  await refusal.getByRole('button', { name: 'Dismiss' }).click()
  await page
    .getByRole('region', { name: 'Data', exact: true })
    .getByRole('button', { name: 'Reset…' })
    .click()
  const reset = page.getByRole('dialog', { name: 'Reset sandbox data' })
  await expect(reset).toContainText('The stored data cannot be read (')
  await expect(reset).toContainText('resetting replaces it.')
  await reset.getByRole('button', { name: 'Cancel' }).click()

  const chooser = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: 'Import JSON…' }).click()
  await (await chooser).setFiles({ name: 'good.json', mimeType: 'application/json', buffer: exported })
  const confirm = page.getByRole('dialog', { name: 'Import sandbox data' })
  await expect(confirm).toContainText('The stored data cannot be read (')
  await expect(confirm).toContainText('importing replaces it.')
  await confirm.getByRole('button', { name: 'Replace and import' }).click()

  await expect(page.getByRole('status')).toHaveText('Imported 1 card account and 0 transactions')
  await expect(page.getByRole('complementary').getByRole('link', { name: /Exported card/ })).toBeVisible()
  await expect(recovery(page)).toHaveCount(0)
  await page.reload()
  await expect(page.getByRole('complementary').getByRole('link', { name: /Exported card/ })).toBeVisible()
})

test("an account's unreadable transactions offer the ways out where they fail, beside the list that reads", async ({
  page,
}) => {
  await openConsole(page)
  await fillAndOpenFirst(page)
  await corruptStore(page, 'blocks')
  await page.reload()
  const main = page.getByRole('main')
  await expect(main.getByText('Could not load transactions (HTTP 503)')).toBeVisible()
  await expect(page.getByRole('complementary').getByRole('link').first()).toBeVisible()
  await expect(recovery(page).getByRole('button', { name: 'Save what can be read' })).toBeVisible()
  await expect(recovery(page).getByRole('button', { name: 'Reset…' })).toBeVisible()
  await expect(recovery(page)).toHaveCount(1)
})
