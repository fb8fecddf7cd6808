import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import {
  accountLinks,
  clockBadge,
  fillTestData,
  isoDay,
  loadScenarioFrom,
  openClockPanel,
  openConsole,
  openScenarios,
  pages,
  screenshot,
  tableRows,
} from './support'

// Scenarios hold the in-browser sandbox's whole state: offline only.

async function loadScenario(page: Page, name: string) {
  await loadScenarioFrom(await openScenarios(page), name)
}

test('save, load, export and import a scenario', async ({ page }) => {
  await openConsole(page)
  await fillTestData(page)
  await page.getByRole('radio', { name: 'both' }).check()
  await expect(pages(page)).toContainText('Rows 1–')
  const before = await tableRows(page)

  // The clock is part of the state a scenario keeps.
  await openClockPanel(page)
  const clock = page.getByRole('dialog', { name: 'Sandbox clock' })
  await clock.getByLabel('Days', { exact: true }).fill('3')
  await clock.getByRole('button', { name: 'Forward 3 days' }).click()
  await expect(clockBadge(page)).toHaveText('Clock +3 days')
  await clock.getByRole('button', { name: 'Close' }).first().click()

  let dialog = await openScenarios(page)
  await dialog.getByLabel('Save the current state as').fill('Demo day')
  await dialog.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByRole('status')).toHaveText(
    /^Saved scenario Demo day: 2 card accounts and \d+ transactions$/,
  )
  await screenshot(page, 'scenarios')
  await page.setViewportSize({ width: 800, height: 600 })
  await screenshot(page, 'scenarios-800')
  await page.setViewportSize({ width: 1366, height: 900 })

  const download = page.waitForEvent('download')
  await dialog.getByRole('button', { name: 'Export Demo day' }).click()
  const file = await download
  expect(file.suggestedFilename()).toBe(`sandbox-console-scenario-demo-day-${isoDay(0)}.json`)
  const exported = await readFile(await file.path(), 'utf8')
  expect(JSON.parse(exported)).toMatchObject({
    format: 'sandbox-console',
    version: 3,
    kind: 'scenario',
    name: 'Demo day',
  })
  await dialog.getByRole('button', { name: 'Close' }).click()

  // Something else entirely: the empty private customer, on the real date.
  await loadScenario(page, 'Empty private customer')
  await expect(page.getByRole('status')).toHaveText(
    'Loaded scenario Empty private customer: 1 card account and 0 transactions',
  )
  await expect(accountLinks(page)).toHaveCount(1)
  await expect(clockBadge(page)).toHaveCount(0)

  // Delete the saved one, import the exported file, load it: the data and the clock come back.
  dialog = await openScenarios(page)
  await dialog.getByRole('button', { name: 'Delete Demo day' }).click()
  await dialog.getByRole('button', { name: 'Delete scenario' }).click()
  await expect(dialog.getByRole('rowheader', { name: 'Demo day' })).toHaveCount(0)
  const chooser = page.waitForEvent('filechooser')
  await dialog.getByRole('button', { name: 'Import scenario…' }).click()
  await (await chooser).setFiles({
    name: 'demo.json',
    mimeType: 'application/json',
    buffer: Buffer.from(exported),
  })
  await expect(page.getByRole('status')).toHaveText(/^Imported scenario Demo day: 2 card accounts/)
  await dialog.getByRole('button', { name: 'Close' }).click()

  await loadScenario(page, 'Demo day')
  await expect(accountLinks(page)).toHaveCount(2)
  await expect(clockBadge(page)).toHaveText('Clock +3 days')
  await page.getByRole('radio', { name: 'both' }).check()
  expect(await tableRows(page)).toEqual(before)
})

test('a bad scenario file changes nothing and says why', async ({ page }) => {
  await openConsole(page)
  const dialog = await openScenarios(page)
  const chooser = page.waitForEvent('filechooser')
  await dialog.getByRole('button', { name: 'Import scenario…' }).click()
  const bad = { format: 'sandbox-console', version: 3, kind: 'scenario', name: 'Broken', cardAccounts: [] }
  await (await chooser).setFiles({
    name: 'broken.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(bad)),
  })
  const alert = dialog.getByRole('alert')
  await expect(alert).toContainText('The file has no clock')
  await expect(alert).toContainText('broken.json was not imported; nothing changed.')
  await expect(dialog.getByRole('rowheader', { name: 'Broken' })).toHaveCount(0)
})

test('the shipped corporate scenario holds 1,000 transactions over two years', async ({ page }) => {
  await openConsole(page)
  await loadScenario(page, 'Corporate customer, two years')
  await expect(page.getByRole('status')).toHaveText(
    'Loaded scenario Corporate customer, two years: 1 card account and 1,000 transactions',
  )
  await expect(
    page.getByRole('complementary').getByRole('link', { name: /Nordlys Logistikk AS/ }),
  ).toBeVisible()
})

test('a scenario loads from the keyboard: Enter on Load, Tab to Replace and load, Enter', async ({
  page,
}) => {
  await openConsole(page)
  const dialog = await openScenarios(page)
  const load = dialog.getByRole('button', { name: 'Load Empty private customer' })
  await load.focus()
  await page.keyboard.press('Enter')
  const asking = dialog.getByRole('region', { name: 'Load Empty private customer?' })
  await expect(asking.getByText(/^Loading Empty private customer replaces/)).toBeFocused()

  // Cancel gives the focus back to the Load that asked.
  await page.keyboard.press('Tab')
  await page.keyboard.press('Tab')
  await expect(asking.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(asking).toHaveCount(0)
  await expect(load).toBeFocused()

  // The question comes back and takes the focus again before the next key: a user sees it move first.
  await page.keyboard.press('Enter')
  await expect(asking.getByText(/^Loading Empty private customer replaces/)).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(asking.getByRole('button', { name: 'Replace and load' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('status')).toHaveText(
    'Loaded scenario Empty private customer: 1 card account and 0 transactions',
  )
})
