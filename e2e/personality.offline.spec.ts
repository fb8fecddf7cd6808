import { expect, test } from './fixtures'
import {
  behaveLike,
  fillTestData,
  loadScenarioFrom,
  openConsole,
  openScenarios,
  screenshot,
  tableRows,
} from './support'

test('a bank personality switched offline: the page reloads in its shape and the table still reads', async ({
  page,
}) => {
  await openConsole(page)
  await fillTestData(page)
  await behaveLike(page, 'pending-strings')
  await expect(page.getByRole('combobox', { name: 'Mode' })).toHaveValue('offline')

  await page.getByRole('radio', { name: 'pending' }).check()
  const rows = await tableRows(page)
  expect(rows.length).toBeGreaterThan(0)
  // The pending elements come as one line of text each, and show as such.
  expect(rows[0]).toMatch(/ct-\d+ \d{4}-\d{2}-\d{2} -?\d+\.\d+ [A-Z]{3} \d{4}/)
  await screenshot(page, 'personality-pending-strings')

  await behaveLike(page, 'booked-only')
  await page.getByRole('radio', { name: 'booked' }).check()
  expect((await tableRows(page)).length).toBeGreaterThan(0)
  await page.getByRole('radio', { name: 'both' }).check()
  await expect(page.getByText(/PARAMETER_NOT_SUPPORTED/)).toBeVisible()
  // Its ways out are two buttons side by side with room between them: a tester saw them touch.
  const refusal = page.getByRole('group', { name: /^Could not load transactions/ })
  const wayOut = await refusal.getByRole('button', { name: 'Show booked only' }).boundingBox()
  const retry = await refusal.getByRole('button', { name: 'Retry' }).boundingBox()
  expect(wayOut && retry && retry.x - (wayOut.x + wayOut.width)).toBeGreaterThanOrEqual(6)
})

// A scenario's account is the list's, not the book's: after the switch to a bank without a list the console
// knows it by the link's id alone, and the in-browser sandbox must still say whose it is.
test('a corporate account loaded under another personality still reads as platform', async ({ page }) => {
  await openConsole(page)
  await loadScenarioFrom(await openScenarios(page), 'Corporate customer, two years')
  await expect(page.getByLabel('PSU-Corporate-ID')).toHaveValue('18129215603')

  await behaveLike(page, 'platform')
  const sidebar = page.getByRole('complementary')
  await expect(sidebar.getByText(/^This sandbox does not list card accounts/)).toBeVisible()
  await expect(sidebar.getByText('EUR · Nordlys Logistikk AS · corporate')).toBeVisible()
  await expect(page.getByLabel('PSU-Corporate-ID')).toHaveValue('18129215603')
  expect((await tableRows(page)).length).toBeGreaterThan(0)
  await screenshot(page, 'personality-platform-corporate')
})
