// The Import… buttons, in both modes: the proxy mode's console has no offline-only imports (scenarios, the
// in-browser data), so each mode shows its own set.
import { expect, modeOf, test } from './fixtures'
import { fillTestData, openConsole, openHeaderGroup } from './support'

test('each Import… is one button: its file input is out of sight and out of the accessibility tree', async ({
  page,
}) => {
  await openConsole(page)
  await fillTestData(page)
  await openHeaderGroup(page, 'Explain & share')
  await page.getByRole('button', { name: 'Flows…' }).click()
  const flows = page.getByRole('region', { name: /^Flow/ })
  await expect(flows.getByRole('button', { name: 'Import flows…' })).toBeVisible()
  if (modeOf(page) === 'offline') {
    await page.getByRole('button', { name: 'Scenarios…' }).click()
    await expect(
      page.getByRole('dialog', { name: 'Scenarios' }).getByRole('button', { name: 'Import scenario…' }),
    ).toBeVisible()
  }
  const inputs = page.locator('input[type="file"]')
  expect(await inputs.count()).toBeGreaterThanOrEqual(modeOf(page) === 'offline' ? 3 : 2)
  for (const input of await inputs.all()) {
    await expect(input).toBeHidden()
    await expect(input).toHaveAttribute('hidden', '')
  }

  // The button is the way in: it opens the browser's file chooser.
  if (modeOf(page) === 'offline') await page.keyboard.press('Escape')
  const chooser = page.waitForEvent('filechooser')
  await flows.getByRole('button', { name: 'Import flows…' }).click()
  await (await chooser).setFiles({
    name: 'flows.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{}'),
  })
  await expect(flows.getByRole('alert')).toContainText('flows.json was not imported; nothing changed.')
})
