import type { Page } from '@playwright/test'
import { expect, FRESH_SERVER, modeOf, test } from './fixtures'
import { accountLinks, createAccount, openAccountButton, openConsole, screenshot } from './support'

// The console's book of card accounts, kept in this browser per upstream: what a sandbox without an
// account list (the platform's) is browsed by. Both modes: offline the upstream is this browser.

const PAN = '400000******0007'
const sidebarLink = (page: Page) =>
  page.getByRole('complementary').getByRole('link', { name: new RegExp(`^${PAN.replaceAll('*', '\\*')}`) })

async function openAccount(page: Page, input: string) {
  await openAccountButton(page).click()
  const dialog = page.getByRole('dialog', { name: 'Open card account' })
  await dialog.getByLabel('Card account id or link').fill(input)
  await dialog.getByRole('button', { name: 'Open account' }).click()
  return dialog
}

async function removeFromBook(page: Page, id: string) {
  await page.getByRole('button', { name: `Remove ${PAN} from the book` }).click()
  const confirm = page.getByRole('dialog', { name: 'Remove from the book' })
  await expect(confirm).toContainText(`${PAN} · EUR · Book card · private (id ${id})`)
  await expect(confirm).toContainText('Nothing is deleted in the sandbox')
  await confirm.getByRole('button', { name: 'Remove from book' }).click()
  await expect(confirm).toBeHidden()
}

test('an account opened by id stays after a reload; removed from the book, it stays in the sandbox', async ({
  page,
}) => {
  await openConsole(page)
  await createAccount(page, { maskedPan: PAN, currency: 'EUR', name: 'Book card' })
  const id = new URL(page.url()).searchParams.get('account') ?? ''
  expect(id).not.toBe('')

  await removeFromBook(page, id)
  await expect(sidebarLink(page)).toHaveCount(0)
  await expect(page.getByRole('status')).toHaveText(`${PAN} removed from the book; the sandbox still has it`)

  // Opened again by its id: the sandbox still has it, and it is back in the book.
  const dialog = await openAccount(page, id)
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('heading', { name: `${PAN} · EUR · Book card · private` })).toBeVisible()
  await expect(sidebarLink(page)).toHaveAttribute('aria-current', 'page')
  await screenshot(page, 'account-book-opened')

  await page.reload()
  await expect(sidebarLink(page)).toBeVisible()
  await expect(page.getByRole('heading', { name: `${PAN} · EUR · Book card · private` })).toBeVisible()

  await removeFromBook(page, id)
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Card accounts', exact: true })).toBeVisible()
  await expect(page.getByRole('complementary').getByText('Loading…')).toHaveCount(0)
  await expect(sidebarLink(page)).toHaveCount(0)

  // A pasted console link opens it too.
  await expect(
    await openAccount(page, `${page.url().split('?')[0]}?account=${encodeURIComponent(id)}&status=both`),
  ).toBeHidden()
  await expect(sidebarLink(page)).toBeVisible()
})

test('only the sandbox’s 404 says an account does not exist; nothing joins the book then', {
  tag: FRESH_SERVER,
}, async ({ page }) => {
  await openConsole(page)
  const dialog = await openAccount(page, '/v1/sandbox/card-accounts/no-such-account/transactions')
  await expect(dialog.getByRole('alert')).toContainText(
    'This sandbox has no card account no-such-account (HTTP 404',
  )
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByRole('heading', { name: 'No card accounts yet' })).toBeVisible()

  // A link to an account this browser has never seen is asked for, and 404 says it is not there.
  await page.goto('/?account=not-here-either')
  const heading = modeOf(page) === 'offline' ? 'Card account not in this browser' : 'Card account not found'
  await expect(page.getByRole('heading', { name: heading })).toBeVisible()
  await expect(page.getByRole('alert')).toContainText('has no card account not-here-either')
  await expect(accountLinks(page)).toHaveCount(0)
})
