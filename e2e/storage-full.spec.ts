import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { accountLinks, createAccount, openConsole } from './support'

// The origin's localStorage filled for real, as a tester's script did: what the console keeps there no longer
// fits, and no user action may fail for it. Both modes: by proxy the book is what a bank without a list shows.

/** Fills this origin's localStorage until not one more character fits. */
async function fillLocalStorage(page: Page): Promise<void> {
  await page.evaluate(() => {
    let n = 0
    for (let size = 1_000_000; size >= 1; ) {
      try {
        localStorage.setItem(`qa-junk-${n++}`, 'x'.repeat(size))
      } catch {
        size = Math.floor(size / 2)
      }
    }
  })
}

test('with localStorage full, Create account creates one account, lists it and says the book was not saved', async ({
  page,
}) => {
  await openConsole(page)
  await fillLocalStorage(page)
  await createAccount(page, {
    maskedPan: '123456******7890',
    currency: 'nok',
    customerNumber: '13039319955',
    name: 'Quota Full',
  })

  await expect(accountLinks(page).filter({ hasText: 'Quota Full' })).toHaveCount(1)
  await expect(page.getByRole('alert', { name: 'Browser storage' })).toContainText(
    "This browser's storage for the console is full, so the account book (the console's own list of the card accounts it created or opened) could not be saved: this page still has it, but a reload or another tab will not. The card accounts themselves are in their sandbox",
  )
})
