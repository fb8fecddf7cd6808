import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { isoDay, openConsole, tableRows } from './support'

// A tester's browser holds offline data written by the console before its database version 2: the
// updated console upgrades it in place and shows every account and transaction.

const account = (resourceId: string, maskedPan: string, name: string) => ({
  resourceId,
  maskedPan,
  currency: 'NOK',
  customerNumber: '13039319955',
  customerType: 'private',
  name,
  status: 'enabled',
})

const booked = (cardTransactionId: string, day: number, amount: string, details: string) => ({
  cardTransactionId,
  bookingStatus: 'booked',
  transactionDate: isoDay(day),
  bookingDate: isoDay(day),
  transactionAmount: { currency: 'NOK', amount },
  originalAmount: { currency: 'NOK', amount },
  merchantCategoryCode: '5411',
  transactionDetails: details,
})

/** Version 1's layout: no meta store, no index, the bare transaction as the record. */
async function writeVersion1Database(page: Page, data: { account: object; transactions: object[] }[]) {
  await page.evaluate(async (accounts) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('sandbox-console', 1)
      request.onupgradeneeded = () => {
        request.result.createObjectStore('accounts')
        request.result.createObjectStore('transactions')
      }
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error)
    })
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction(['accounts', 'transactions'], 'readwrite')
      accounts.forEach(({ account, transactions }, position) => {
        const id = (account as { resourceId: string }).resourceId
        tx.objectStore('accounts').put({ position, account }, id)
        transactions.forEach((transaction, sequence) => {
          tx.objectStore('transactions').put(transaction, [id, sequence])
        })
      })
      tx.oncomplete = () => resolve()
      tx.onerror = () => reject(tx.error)
    })
    db.close()
  }, data)
}

test('a version 1 database is upgraded in place: every account and transaction is shown', async ({
  page,
}) => {
  // A page of the console's origin that does not start the console, so the old database is there first.
  await page.goto('/mockServiceWorker.js')
  await writeVersion1Database(page, [
    {
      account: account('travel', '400000******0002', 'Travel card'),
      transactions: [
        booked('ct-1', -5, '-100.00', 'Hotel one'),
        booked('ct-2', -4, '-200.00', 'Hotel two'),
        // Two tabs of version 1 writing at once stored one id twice.
        booked('ct-1', -3, '-300.00', 'Hotel three'),
      ],
    },
    {
      account: account('daily', '525412******3241', 'Daily card'),
      transactions: [booked('own-id', -2, '-42.00', 'Groceries')],
    },
  ])

  await openConsole(page)
  const accounts = page.getByRole('complementary').getByRole('link')
  await expect(accounts).toHaveText([/^400000\*{6}0002NOK · Travel card/, /^525412\*{6}3241NOK · Daily card/])

  await accounts.first().click()
  await page.getByRole('radio', { name: 'both' }).check()
  expect(await tableRows(page)).toEqual([
    expect.stringContaining('Hotel three'),
    expect.stringContaining('Hotel two'),
    expect.stringContaining('Hotel one'),
  ])
  expect(await tableRows(page)).toEqual([
    expect.stringContaining('-300.00 NOK'),
    expect.stringContaining('-200.00 NOK'),
    expect.stringContaining('-100.00 NOK'),
  ])
  await accounts.nth(1).click()
  await page.getByRole('radio', { name: 'both' }).check()
  expect(await tableRows(page)).toEqual([expect.stringContaining(`${isoDay(-2)} | ${isoDay(-2)} | 5411`)])

  // The upgraded data exports as a file Import takes: the duplicate id got the next free one.
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export JSON' }).click()
  const file = JSON.parse(await readFile(await (await download).path(), 'utf8'))
  expect(file).toMatchObject({ format: 'sandbox-console', version: 3, kind: 'data' })
  const ids = file.cardAccounts.map((entry: { transactions: { cardTransactionId: string }[] }) =>
    entry.transactions.map((tx) => tx.cardTransactionId),
  )
  expect(ids).toEqual([['ct-1', 'ct-2', 'ct-4'], ['own-id']])
})
