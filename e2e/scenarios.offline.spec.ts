import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import {
  accountLinks,
  behaveLike,
  clockBadge,
  createAccount,
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

// The shipped scenarios' fixed account ids (src/app/shipped-scenarios.ts).
const EMPTY_ID = '5ce0a710-0000-4000-8000-000000000001'
const CORPORATE_ID = '5ce0a710-0000-4000-8000-000000000002'

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

test('the question about a step opens under its row: the button clicked stays under the pointer', async ({
  page,
}) => {
  await openConsole(page)
  const dialog = await openScenarios(page)
  const load = dialog.getByRole('button', { name: 'Load Corporate customer, two years' })
  const before = await load.boundingBox()
  await load.click()
  const asking = dialog.getByRole('region', { name: 'Load Corporate customer, two years?' })
  await expect(asking.getByRole('button', { name: 'Replace and load' })).toBeVisible()
  expect(await load.boundingBox(), 'the Load clicked, once asked').toEqual(before)
  const question = await asking.boundingBox()
  expect(question?.y, 'the question, under the row that asked').toBeGreaterThan(
    (before?.y ?? 0) + (before?.height ?? 0),
  )
})

const accountOfUrl = (page: Page) => new URL(page.url()).searchParams.get('account')

// A scenario carries its own bank personality, which the offline sandbox takes at start: a load under
// another one reloads the page, and that page shows what a load without a reload shows.
test('a scenario of another personality lands on its account, and says so, after the reload', async ({
  page,
}) => {
  await openConsole(page)
  await behaveLike(page, 'number-amounts')
  await createAccount(page, { maskedPan: '400000******0042', name: 'Before the load' })
  const before = accountOfUrl(page)
  expect(before).not.toBeNull()

  await loadScenario(page, 'Corporate customer, two years')
  await expect(page).toHaveURL((url) => url.searchParams.get('account') === CORPORATE_ID)
  await expect(page).toHaveURL((url) => url.searchParams.get('status') === 'booked')
  await expect(page.getByRole('status')).toHaveText(
    'Loaded scenario Corporate customer, two years: 1 card account and 1,000 transactions',
  )
  const main = page.getByRole('main')
  await expect(main.getByText('Loaded scenario Corporate customer, two years:')).toBeVisible()
  await expect(main.getByText('Card account not in this browser')).toHaveCount(0)
  await expect(pages(page)).toContainText('Rows 1–50')
  expect((await tableRows(page)).length).toBe(50)
  await screenshot(page, 'scenario-other-personality')

  // Back goes where it goes after a load without a reload: the account left, which the load replaced.
  await page.goBack()
  await expect(page).toHaveURL((url) => url.searchParams.get('account') === before)
  await page.goForward()
  await expect(page).toHaveURL((url) => url.searchParams.get('account') === CORPORATE_ID)
  await expect(pages(page)).toContainText('Rows 1–50')
  // The message was of the load, once: a page opened again does not say it again.
  await page.reload()
  await expect(pages(page)).toContainText('Rows 1–50')
  // Said, when it is, as the data tools load.
  await expect(page.getByRole('complementary').getByRole('button', { name: 'Scenarios…' })).toBeVisible()
  await expect(page.getByRole('status')).not.toHaveText(/Loaded scenario/)
})

test('from a saved booked-only scenario to the empty private customer, and to a scenario with no account', async ({
  page,
}) => {
  await openConsole(page)
  await behaveLike(page, 'booked-only')
  let dialog = await openScenarios(page)
  await dialog.getByLabel('Save the current state as').fill('Nothing, booked only')
  await dialog.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByRole('status')).toHaveText(
    'Saved scenario Nothing, booked only: 0 card accounts and 0 transactions',
  )
  await dialog.getByRole('button', { name: 'Close' }).click()
  await createAccount(page, { maskedPan: '400000******0043', name: 'Booked only' })

  await loadScenario(page, 'Empty private customer')
  await expect(page).toHaveURL((url) => url.searchParams.get('account') === EMPTY_ID)
  await expect(page.getByRole('status')).toHaveText(
    'Loaded scenario Empty private customer: 1 card account and 0 transactions',
  )
  await expect(page.getByRole('main').getByText('Loaded scenario Empty private customer:')).toBeVisible()

  // Then the saved booked-only one, which has no account to go to: the empty sandbox, as a load without a
  // reload shows it.
  dialog = await openScenarios(page)
  await loadScenarioFrom(dialog, 'Nothing, booked only')
  await expect(page.getByRole('heading', { name: 'No card accounts yet' })).toBeVisible()
  expect(accountOfUrl(page)).toBeNull()
  await expect(page.getByRole('status')).toHaveText(
    'Loaded scenario Nothing, booked only: 0 card accounts and 0 transactions',
  )
})
