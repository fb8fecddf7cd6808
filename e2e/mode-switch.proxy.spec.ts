import type { Page } from '@playwright/test'
import { type ConsoleMode, expect, test } from './fixtures'
import { createAccount, openConsole } from './support'

/** Chooses `to` in the header's Mode select, and waits for the account list of that mode's sandbox. */
async function chooseMode(page: Page, to: ConsoleMode) {
  const mode = page.getByRole('combobox', { name: 'Mode' })
  await mode.selectOption(to)
  await expect(mode).toHaveValue(to)
  await expect(page.getByRole('complementary').getByText('Loading…')).toHaveCount(0)
}

/** The sidebar's note after a switch, read whole. */
const accountsNote = (page: Page, text: string) => page.getByRole('complementary').getByText(text)

// Issue 19: a mode switch lands on the same account when the other mode has it, else on that mode's
// account list with a note; never on an error page (docs/decisions.md#url-state). The console server of
// the proxy project serves both modes, so both directions run here.
test('switching to Proxy with an offline account selected shows the list and a note, not an error', async ({
  page,
}) => {
  await openConsole(page)
  await chooseMode(page, 'offline')
  await createAccount(page, { maskedPan: '400000******0009', currency: 'EUR', name: 'Offline only' })
  const heading = page.locator('#account-heading')
  await expect(heading).toContainText('Offline only')
  const account = new URL(page.url()).searchParams.get('account')
  expect(account).not.toBeNull()
  // A From date set on this account must not follow the tester into the other mode.
  await page.goto(`/?account=${account}&status=both&from=2026-01-01&offset=0&limit=10`)
  await expect(heading).toContainText('Offline only')

  await chooseMode(page, 'proxy')
  // Named as the console names it everywhere (its masked PAN), not by its id.
  await expect(
    accountsNote(
      page,
      "Account 400000******0009 of this browser's offline sandbox is not in the proxy's sandbox, which keeps its own accounts: showing those",
    ),
  ).toBeVisible()
  await expect(page.getByRole('heading', { name: /not found|not in this browser/ })).toHaveCount(0)
  // The proxy's list: its empty state, or its first account where other tests of the worker made some.
  await expect(
    page.getByRole('heading', { name: 'No card accounts yet' }).or(page.locator('#account-heading')),
  ).toBeVisible()
  const search = new URL(page.url()).searchParams
  expect(search.get('account')).not.toBe(account)
  expect(search.get('from')).toBeNull()
  // The console's own look comes along: the status filter and page size.
  expect(search.get('status')).toBe('both')
  expect(search.get('limit')).toBe('10')
})

// A parity tester filled the same test data in both modes and switched: the note said the account was not
// in the proxy's sandbox beside the proxy's account of the same masked PAN.
test('a switch onto a sandbox with an account of the same masked PAN says that one is another', async ({
  page,
}) => {
  await openConsole(page)
  await createAccount(page, { maskedPan: '400000******0031', currency: 'EUR', name: 'Twin by proxy' })
  await chooseMode(page, 'offline')
  await createAccount(page, { maskedPan: '400000******0031', currency: 'EUR', name: 'Twin offline' })
  await expect(page.locator('#account-heading')).toContainText('Twin offline')

  await chooseMode(page, 'proxy')
  await expect(
    accountsNote(
      page,
      "Account 400000******0031 of this browser's offline sandbox is not in the proxy's sandbox, which keeps its own accounts: showing those (its own 400000******0031 is another account)",
    ),
  ).toBeVisible()
})

test('switching to Offline with a proxy account selected shows the list and a note, not an error', async ({
  page,
}) => {
  await openConsole(page)
  await createAccount(page, { maskedPan: '400000******0008', currency: 'EUR', name: 'Proxy only' })
  await expect(page.locator('#account-heading')).toContainText('Proxy only')

  await chooseMode(page, 'offline')
  await expect(
    accountsNote(
      page,
      "Account 400000******0008 of the proxy's sandbox is not in this browser's offline sandbox, which keeps its own accounts: showing those",
    ),
  ).toBeVisible()
  await expect(page.getByRole('heading', { name: /not found|not in this browser/ })).toHaveCount(0)
})

// A tester switched to Offline on a proxy account, then pressed Back: the page before named another of
// the proxy's accounts, and the console said a link from another browser was not found here.
test('Back after a switch to Offline, onto a proxy account, names its mode and switches back', async ({
  page,
}) => {
  await openConsole(page)
  await createAccount(page, { maskedPan: '400000******0007', currency: 'EUR', name: 'Proxy first' })
  const heading = page.locator('#account-heading')
  await expect(heading).toContainText('Proxy first')
  const first = new URL(page.url()).searchParams.get('account')
  await createAccount(page, { maskedPan: '400000******0006', currency: 'EUR', name: 'Proxy second' })
  await expect(heading).toContainText('Proxy second')
  const second = new URL(page.url()).searchParams.get('account')
  // Picked from the list, each a history entry of its own, as a tester moves between accounts.
  const sidebar = page.getByRole('complementary')
  await sidebar.locator(`a[href*="account=${first}"]`).click()
  await expect(heading).toContainText('Proxy first')
  await sidebar.locator(`a[href*="account=${second}"]`).click()
  await expect(heading).toContainText('Proxy second')

  const mode = page.getByRole('combobox', { name: 'Mode' })
  await mode.selectOption('offline')
  await expect(mode).toHaveValue('offline')
  // Back once the switch has said where it landed, as the tester pressed it.
  await expect(
    sidebar.getByText(
      /^Account 400000\*{6}0006 of the proxy's sandbox is not in this browser's offline sandbox/,
    ),
  ).toBeVisible()
  await page.goBack()
  expect(new URL(page.url()).searchParams.get('account')).toBe(first)
  const main = page.getByRole('main')
  await expect(
    main.getByRole('heading', { name: 'Card account of Proxy (/api → upstream) mode' }),
  ).toBeVisible()
  await expect(main.getByText(/another browser, another profile or a private window/)).toHaveCount(0)
  await main.getByRole('button', { name: 'Switch to Proxy (/api → upstream)' }).click()
  await expect(mode).toHaveValue('proxy')
  await expect(heading).toContainText('Proxy first')
})
