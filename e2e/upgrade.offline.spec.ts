import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import {
  accountLinks,
  isoDay,
  loadScenarioFrom,
  openConsole,
  openHeaderGroup,
  openScenarios,
  signatureSwitch,
  tableRows,
} from './support'

// A tester's browser holds offline data written by the console before its database version 2: the
// updated console upgrades it in place and shows every account and transaction. Files an earlier console
// wrote (src/test-data/made-by-1fc425f) open in this one as they did in it.

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
  const accounts = accountLinks(page)
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

/** A file the console of commit 1fc425f wrote, before the issue-19 round (its README says how). */
const madeBy1fc425f = (name: string) => new URL(`../src/test-data/made-by-1fc425f/${name}`, import.meta.url)

/** That file as a tester picks it in a file chooser. */
async function picked(name: string) {
  return { name, mimeType: 'application/json', buffer: await readFile(madeBy1fc425f(name)) }
}

test('a scenario, a flow and a share link made by an earlier console open as they did', async ({
  page,
  context,
}) => {
  await openConsole(page)

  // The scenario imports, and loading it shows its two accounts and their booked and pending rows.
  const scenarios = await openScenarios(page)
  const chooser = page.waitForEvent('filechooser')
  await scenarios.getByRole('button', { name: 'Import scenario…' }).click()
  await (await chooser).setFiles(
    await picked('sandbox-console-scenario-f-r-endringen-k-re-og-nordlys-2026-11-26.json'),
  )
  const name = 'Før endringen: Kåre og Nordlys'
  await expect(page.getByRole('status')).toHaveText(
    `Imported scenario ${name}: 2 card accounts and 6 transactions`,
  )
  await loadScenarioFrom(scenarios, name)
  const accounts = accountLinks(page)
  await expect(accounts).toHaveText([
    /^525412\*{6}3241NOK · Kåre Ødegård – Tromsø ✈/,
    /^400000\*{6}0042EUR · Nordlys Logistikk AS – Bodø · corporate/,
  ])
  await accounts.first().click()
  await page.getByRole('radio', { name: 'both' }).check()
  expect(await tableRows(page)).toEqual([
    '2026-11-23 | 2026-11-22 | 5812 Restaurants |  | -1234.50 NOK | -1180.00 SEK | cafe-goteborg',
    '2026-11-21 | 2026-11-20 | 5411 Grocery stores |  | -249.90 NOK | -249.90 NOK | kiwi-1',
    'Pending | 2026-11-25 | 5499 Misc. food stores |  | -89.00 NOK | -89.00 NOK | pending-1',
  ])

  // The flow imports, and its recorded steps run again on accounts of their own.
  await openHeaderGroup(page, 'Explain & share')
  await page.getByRole('button', { name: 'Flows…' }).click()
  const flow = page.getByRole('region', { name: 'Flow' })
  await flow
    .getByLabel('Import flows file')
    .setInputFiles(await picked('sandbox-console-flows-2026-11-26.json'))
  await expect(flow.getByText('Imported 1 flow from sandbox-console-flows-2026-11-26.json.')).toBeVisible()
  await expect(flow.getByRole('combobox', { name: 'Flow to run' }).locator('option:checked')).toHaveText(
    'Recorded 26/11/2026, 13:14:55',
  )
  await expect(flow.getByText(/^Next, step 1 of 9: Create a card account/)).toBeVisible()
  // Each as when it was recorded, the corporate account's too.
  const asRecorded = [
    '201 Created: card account 525412******3241',
    '200 OK: 0 transactions',
    '200 OK: 0 transactions',
    '201 Created: 3 transactions',
    '200 OK: 3 transactions',
    '201 Created: card account 400000******0042',
    '200 OK: 0 transactions',
    '201 Created: 3 transactions',
    '200 OK: 3 transactions',
  ]
  for (const [index, outcome] of asRecorded.entries()) {
    await flow.getByRole('button', { name: 'Run next step →' }).click()
    const step = `Step ${index + 1}: `
    await expect(flow.getByText(new RegExp(`^${step}`))).toHaveText(step + outcome)
  }
  await flow.getByRole('button', { name: 'Close flow' }).click()

  // The link asks before it sets its Signature, then shows its request, redacted, and its view.
  const link = new URL((await readFile(madeBy1fc425f('share-link.txt'), 'utf8')).trim())
  const other = await context.newPage()
  await other.goto(`/${link.hash}`)
  const ask = other.getByRole('dialog', { name: 'Open the shared view?' })
  await expect(ask.getByRole('listitem')).toHaveText(['Signature: signed correctly → missing Digest'])
  await ask.getByRole('button', { name: 'Change and open' }).click()
  const shared = other.getByRole('dialog', { name: 'Shared request: POST /api/v1/sandbox/card-accounts' })
  await expect(shared).toContainText('PSU ids and customer numbers are redacted')
  await expect(shared).toContainText('"name": "Nordlys Logistikk AS – Bodø"')
  await expect(shared).toContainText('"customerNumber": "[redacted]"')
  await expect(shared).not.toContainText('18129215603')
  await shared.getByRole('button', { name: 'Close' }).click()
  await expect(
    other.getByRole('heading', { name: /^400000\*{6}0042 · EUR · Nordlys Logistikk AS – Bodø/ }),
  ).toBeVisible()
  await expect(other.getByRole('radio', { name: 'both' })).toBeChecked()
  await expect(await signatureSwitch(other)).toHaveValue('missing-digest')
})
