import { expect, PLATFORM_UPSTREAM, test } from './fixtures'
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
