import { expect, test } from './fixtures'
import { fillTestData, openAccount, openConsole, pages, screenshot } from './support'

// Fill test data and the generator go through the API: both modes. Export, import and reset are in
// data-tools.offline.spec.ts.

test('generate 1,000 transactions in chunks with progress; a run can be cancelled', async ({ page }) => {
  // A cap on how long a stuck run takes to fail: two Generate runs and five pages of 200 rows took over 60 s
  // in two fresh clones side by side beside a tester's Chromium (load 22), every expectation met.
  test.setTimeout(180_000)
  await openConsole(page)
  const [, logistics = ''] = await fillTestData(page)
  await openAccount(page, logistics)

  await page.getByRole('main').getByRole('button', { name: 'Generate…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Generate transactions' })
  await dialog.getByLabel('Number of transactions').fill('1000')
  await dialog.getByLabel('Over the last … days').fill('60')
  await dialog.getByLabel('Seed').fill('42')
  await dialog.getByRole('button', { name: 'Generate 1,000' }).click()
  await expect(dialog.getByText('Done: 1,000 of 1,000 transactions created.')).toBeVisible({
    timeout: 20_000,
  })
  await expect(dialog.getByRole('progressbar')).toHaveAttribute('value', '1000')
  await expect(page.getByRole('status')).toHaveText('1,000 transactions created')
  await screenshot(page, 'generate-done')
  await dialog.getByRole('button', { name: 'Close' }).first().click()

  await page.getByRole('radio', { name: 'both' }).check()
  await page.getByLabel('Page size').selectOption('200')
  await expect(pages(page).getByText('Rows 1–200 of 1,007', { exact: true })).toBeVisible()
  for (let page5 = 0; page5 < 5; page5++) await page.getByRole('button', { name: 'Next ›' }).click()
  // 7 test-data transactions + 1,000 generated ones.
  await expect(pages(page).getByText('Rows 1,001–1,007 of 1,007', { exact: true })).toBeVisible()

  await page.getByRole('main').getByRole('button', { name: 'Generate…' }).click()
  await dialog.getByLabel('Number of transactions').fill('30000')
  await dialog.getByRole('button', { name: 'Generate 30,000' }).click()
  await expect(dialog.getByText(/^[1-9][\d,]* of 30,000 sent…$/)).toBeVisible({ timeout: 20_000 })
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog.getByText(/^Cancelled: [\d,]+ of 30,000 transactions stored\.$/)).toBeVisible()
  await screenshot(page, 'generate-cancelled')
})

test('a run cut short by a reload is said on the page the reload opens, with how far it got', async ({
  page,
}) => {
  await openConsole(page)
  const [, logistics = ''] = await fillTestData(page)
  await openAccount(page, logistics)

  await page.getByRole('main').getByRole('button', { name: 'Generate…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Generate transactions' })
  await dialog.getByLabel('Number of transactions').fill('30000')
  await dialog.getByRole('button', { name: 'Generate 30,000' }).click()
  await expect(dialog.getByText(/^[1-9][\d,]* of 30,000 sent…$/)).toBeVisible({ timeout: 20_000 })
  // "Leave site?": the user leaves.
  page.once('dialog', (question) => void question.accept())
  await page.reload()

  await expect(page.getByRole('status').first()).toHaveText(
    /^A Generate run stopped before its end: [1-9][\d,]* of 30,000 transactions sent \(seed 1\); the batch on its way then may be stored too\. The same seed again adds every one of them again\.$/,
  )
  // Said once: the next page of this tab hears nothing of it.
  await page.reload()
  await expect(page.getByRole('table', { name: /^Transactions of/ })).toBeVisible()
  await expect(page.getByText(/^A Generate run stopped/)).toHaveCount(0)
})
