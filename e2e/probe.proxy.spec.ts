import { readFile } from 'node:fs/promises'
import { expect, PLATFORM_UPSTREAM, test } from './fixtures'
import { fillTestData, keepScreenshot, openClockPanel, openConsole, openHeaderGroup } from './support'

// "Check this sandbox…" against our own sandbox in the platform's shape (SANDBOX_PERSONALITY=platform): the
// proxy's probe runs for real, signed with the proxy's key, and the report sets it beside offline.
test.use({ serverSettings: PLATFORM_UPSTREAM })

test('checks the sandbox: the parity report, a trait’s evidence, and offline then answering like the bank', async ({
  page,
}) => {
  await openConsole(page)
  await openHeaderGroup(page, 'Settings')
  await page.getByRole('banner').getByRole('button', { name: 'Connection' }).click()
  const dialog = page.getByRole('dialog', { name: 'Connection' })
  const check = dialog.getByRole('region', { name: 'Check this sandbox' })
  await check.getByRole('button', { name: 'Check this sandbox…' }).click()
  await expect(
    check.getByText(/^The probe sends at most 11 signed requests to http:\/\/127\.0\.0\.1:\d+\/api-sandbox/),
  ).toBeVisible()
  await check.getByRole('button', { name: 'Start the check' }).click()

  const report = check.getByRole('table', {
    name: 'This bank beside the offline sandbox (offline behaves like: console)',
  })
  await expect(report).toBeVisible()
  await expect(
    check.getByText('11 requests sent; 19 of 21 traits settled; 7 differ from offline.'),
  ).toBeVisible()
  const row = (trait: string) => report.locator(`tr[data-trait="${trait}"]`)
  await expect(row('accountList')).toContainText('listedabsent differs')
  await expect(row('ids')).toContainText('uuidenc differs')
  await expect(row('pending')).toContainText('objectsstrings differs')
  await expect(row('transactionsCreated')).toContainText('bodyempty differs')
  await expect(row('amounts')).toContainText('stringstring same')
  await expect(row('keyId')).toContainText('needs a deliberately bad signature')

  await report.scrollIntoViewIfNeeded()
  // Copied by hand to docs/screenshots/: a run must leave the clone as it found it.
  await keepScreenshot(page, 'issue22-probe-report')

  // The evidence of the ids: the account the probe created, as the inspector shows a proxied request.
  await row('ids')
    .getByRole('button', { name: /^#\d+ POST \/v1\/sandbox\/card-accounts 201$/ })
    .click()
  const evidence = check.getByRole('region', { name: 'Evidence' })
  await expect(evidence).toContainText('Forwarded by the proxy')
  await expect(evidence).toContainText(/"resourceId": "enc!!/)
  // Chosen, it scrolls into sight below the table.
  await expect(evidence.getByRole('heading', { name: /^Evidence: #\d+ POST/ })).toBeInViewport()
  await keepScreenshot(page, 'issue22-probe-evidence')

  // The learned profile itself becomes offline's, and a scenario; its file is saved to share.
  const saving = page.waitForEvent('download')
  await check.getByRole('button', { name: 'Save profile file' }).click()
  const learned = JSON.parse(await readFile((await (await saving).path()) ?? '', 'utf8')) as {
    createdBy: string
    traits: Record<string, unknown>
  }
  expect(learned.traits).toMatchObject({ accountList: 'absent', ids: 'enc', pending: 'strings' })
  // The file names the console that wrote it; the profile itself is the rest.
  const { createdBy, ...learnedProfile } = learned
  expect(createdBy).toMatch(/^Sandbox Console \S+$/)
  await check.getByRole('button', { name: 'Make offline behave like this bank' }).click()
  await expect(
    check.getByText(
      /^Offline, the sandbox behaves like: Learned from http:\/\/127\.0\.0\.1:\d+\/api-sandbox, \d{4}-\d\d-\d\d \d\d:\d\d\..* Saved as the scenario "Learned from /,
    ),
  ).toBeVisible()
  expect(
    JSON.parse((await page.evaluate(() => localStorage.getItem('sandbox-console.personality'))) ?? ''),
  ).toEqual(learnedProfile)
  await check.getByRole('button', { name: 'Save report' }).scrollIntoViewIfNeeded()
  await keepScreenshot(page, 'issue22-probe-offline')

  // The probe's requests are in the inspector with the console's own.
  await dialog.getByRole('button', { name: 'Close' }).first().click()
  const inspector = page.getByRole('region', { name: 'Request inspector' })
  await expect(inspector.getByText(/^Requests \(\d+\)$/)).toBeVisible()
  await inspector.locator('summary').first().click()
  await expect(inspector.getByText('/api/v1/sandbox/card-accounts').first()).toBeVisible()

  // Nothing of the check broke the console on its way out.
  await expect(inspector.getByText(/app error/)).toHaveCount(0)

  // Offline now answers in the platform's shape: no list of card accounts, enc!! ids, pending as text.
  const mode = page.getByRole('combobox', { name: 'Mode' })
  await mode.selectOption('offline')
  await expect(mode).toHaveValue('offline')
  await expect(page.getByText('This sandbox does not list card accounts')).toBeVisible()
  const ids = await fillTestData(page)
  expect(ids.length).toBeGreaterThan(0)
  for (const id of ids) expect(id).toMatch(/^enc!!/)
  await page.getByRole('radio', { name: 'pending' }).check()
  const table = page.getByRole('table', { name: /^Transactions of/ })
  await expect(table.getByText(/^ct-\d+ \d{4}-\d{2}-\d{2} -259\.00 NOK 5912$/)).toBeVisible()

  await openClockPanel(page)
  const clock = page.getByRole('dialog', { name: 'Sandbox clock' })
  const picker = clock.getByRole('combobox', { name: /^Bank to behave like/ })
  await expect(picker.locator('option:checked')).toHaveText(
    /^Learned from http:\/\/127\.0\.0\.1:\d+\/api-sandbox, /,
  )
  await picker.scrollIntoViewIfNeeded()
  await keepScreenshot(page, 'issue22-offline-picker')

  // A profile no personality matches: the learned file edited to book only, loaded offline.
  const reloaded = page.waitForEvent('load')
  await clock.getByLabel('Bank profile file').setInputFiles({
    name: 'bank-books-only.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify({ ...learned, traits: { ...learned.traits, bookedOnly: true } })),
  })
  await reloaded
  // The page reloads in that shape: still no account list, and the pending rows it shows are refused.
  await expect(page.getByText('This sandbox does not list card accounts')).toBeVisible()
  await expect(page.getByRole('radio', { name: 'pending' })).toBeChecked()
  await expect(page.getByRole('alert').filter({ hasText: 'Could not load transactions' })).toContainText(
    'PARAMETER_NOT_SUPPORTED',
  )
  await page.getByRole('radio', { name: 'booked' }).check()
  await expect(table.getByRole('row').nth(1)).toBeVisible()
  await expect(
    page.getByRole('banner').getByRole('button', { name: /^Behaves like: profile of 127\.0\.0\.1:\d+$/ }),
  ).toBeVisible()
})
