import { expect, PLATFORM_UPSTREAM, test } from './fixtures'
import { openShare } from './share-support'
import { accountLinks, fillTestData, openConsole, screenshot } from './support'

// Proxy mode against our own sandbox in the real platform's shape (SANDBOX_PERSONALITY=platform): no list of
// card accounts, enc!!…== ids, amounts as JSON numbers, pending elements as strings, an empty 201 for
// transactions. What a tester meets when the console points at the bank's sandbox.
test.use({ serverSettings: PLATFORM_UPSTREAM })

test('a sandbox without an account list: the book keeps what was created, a link opens an account, reads survive a reload', async ({
  page,
}) => {
  await openConsole(page)
  await expect(page.getByText('This sandbox does not list card accounts')).toBeVisible()

  await fillTestData(page, { permanent: true })
  const id = new URL(page.url()).searchParams.get('account') ?? ''
  expect(id).toMatch(/^enc!![A-Za-z0-9_-]+=*$/)
  // Amounts sent as JSON numbers show with their digits.
  const table = page.getByRole('table', { name: /^Transactions of/ })
  await expect(table.getByRole('cell', { name: /^-612\.00 NOK/ }).first()).toBeVisible()
  // A pending element the platform sends as a string is a pending row showing its text.
  await page.getByRole('radio', { name: 'pending' }).check()
  await expect(table.getByText(/^ct-\d+ \d{4}-\d{2}-\d{2} -259\.00 NOK 5912$/)).toBeVisible()
  await screenshot(page, 'platform-book')

  await page.reload()
  await expect(page.getByRole('table', { name: /^Transactions of/ })).toBeVisible()
  await expect(accountLinks(page)).toHaveCount(2)

  // A link to an account this browser's book does not hold is fetched from the sandbox and added.
  // Emptied as the next page starts, not from this one: this page may still write its book (a read's
  // lastSeenAt) after an evaluate here, and did once under load.
  await page.addInitScript(() => {
    for (const key of Object.keys(localStorage)) if (key.includes('book')) localStorage.removeItem(key)
  })
  await page.goto(`/?account=${encodeURIComponent(id)}&status=both`)
  await expect(page.getByRole('table', { name: /^Transactions of/ })).toBeVisible()
  await expect(accountLinks(page)).toHaveCount(1)
  await expect(new URL(page.url()).searchParams.get('account')).toBe(id)
})

test('a sandbox shaped like the bank has no deletes: the console offers none and says why', async ({
  page,
}) => {
  await openConsole(page)
  await fillTestData(page, { permanent: true })
  await page.getByRole('radio', { name: 'booked' }).check()
  await page
    .getByRole('button', { name: /^Details of transaction / })
    .first()
    .click()
  // The proxy says its local sandbox is the platform's shape: nothing is offered that it would refuse.
  await expect(
    page.getByText(/^Deleting is not offered: the local sandbox, data in .*, is shaped like a bank/),
  ).toBeVisible()
  await expect(page.getByRole('button', { name: /^Delete transaction / })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Delete account…' })).toHaveCount(0)
  // Duplicating needs no delete: it stays.
  await expect(page.getByRole('button', { name: 'Duplicate and edit…' })).toBeVisible()
})

// A support engineer on a projector: opening Share read the clock this sandbox lacks, and its 404 stood in
// red as the current request; the link's request was the account list's 405 and opened on "Response 405".
test('presenter mode: Share offers the table’s read, the audience sees no 404 of what the sandbox lacks', async ({
  page,
  browser,
}) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  await openConsole(page)
  await fillTestData(page, { permanent: true })
  await expect(page.getByRole('table', { name: /^Transactions of/ })).toBeVisible()
  await page.keyboard.press('Alt+Shift+P')
  await expect(page.locator('html')).toHaveAttribute('data-presenter', 'on')

  const dialog = await openShare(page)
  const tableRead =
    /^GET \/api\/v1\/sandbox\/card-accounts\/[^ ]+\/transactions\?bookingStatus=booked&offset=0&limit=50 \(200\)$/
  await expect(dialog.getByLabel('Request to include').locator('option:checked')).toHaveText(tableRead)
  await dialog.getByRole('button', { name: 'Copy link' }).click()
  await expect(dialog.getByRole('status').filter({ hasText: 'Link copied' })).toHaveText('Link copied')
  const link = await page.evaluate(() => navigator.clipboard.readText())
  await dialog.getByRole('button', { name: 'Close' }).click()

  // Every request the presenter can step to: none is the console asking for a clock, a summary or a list.
  const inspector = page.getByRole('region', { name: 'Request inspector' })
  const heading = inspector.getByRole('heading', { name: /^Request \d+ of \d+$/ })
  await expect(heading).toBeVisible()
  const newest = Number(/^Request (\d+)/.exec((await heading.textContent()) ?? '')?.[1])
  expect(newest).toBeGreaterThan(0)
  for (let shown = newest; shown >= 1; shown -= 1) {
    // Counted from the oldest, a request keeps its number while newer ones arrive.
    await expect(heading).toHaveText(new RegExp(`^Request ${shown} of \\d+$`))
    await expect(inspector).not.toContainText(/getSandboxClock|summarizeTransactions|listCardAccounts/)
    if (shown > 1) await inspector.getByRole('button', { name: '◀ Older' }).click()
  }

  // The customer's browser: a fresh one, in the default mode, switched to Proxy by the link.
  const customer = await browser.newContext()
  const other = await customer.newPage()
  await other.goto(link)
  await other
    .getByRole('dialog', { name: 'Open the shared view?' })
    .getByRole('button', { name: 'Change and open' })
    .click()
  const shared = other.getByRole('dialog', {
    name: /^Shared request: GET \/api\/v1\/sandbox\/card-accounts\/[^ ]+\/transactions\?bookingStatus=booked/,
  })
  await expect(shared).toContainText('Response 200 headers')
  await shared.getByRole('button', { name: 'Close' }).click()
  await expect(other.getByRole('table', { name: /^Transactions of/ })).toBeVisible()
  await customer.close()
})
