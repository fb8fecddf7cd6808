import { expect, test } from './fixtures'
import { fillTestData, openConsole } from './support'

// Import exists offline only: its messages are checked here, the rest of the screen in screen.ui.spec.ts.

test('a status message sits next to what it reports and a failed import never shows beside a stale one', async ({
  page,
}) => {
  await openConsole(page)
  await fillTestData(page)
  const data = page.getByRole('region', { name: 'Data' })
  await expect(data.getByText(/^Test data filled: 2 card accounts/)).toBeVisible()

  const importFile = async (name: string, body: string) => {
    const chooser = page.waitForEvent('filechooser')
    await page.getByRole('button', { name: 'Import JSON…' }).click()
    await (await chooser).setFiles({ name, mimeType: 'application/json', buffer: Buffer.from(body) })
  }
  await importFile('empty.json', '{"format":"sandbox-console/v1","cardAccounts":[]}')
  await page
    .getByRole('dialog', { name: 'Import sandbox data' })
    .getByRole('button', { name: 'Replace and import' })
    .click()
  await expect(data.getByText('Imported 0 card accounts and 0 transactions')).toBeVisible()
  await expect(page.getByRole('status')).toHaveText('Imported 0 card accounts and 0 transactions')

  await importFile('broken.json', '{not json')
  await expect(data.getByRole('alert')).toContainText('broken.json was not imported; nothing changed.')
  await expect(page.getByText('Imported 0 card accounts')).toHaveCount(0)
  await expect(page.getByRole('status')).toHaveText('')
})
