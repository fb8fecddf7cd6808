// What the conditions' e2e specs share: setting one rule in the panel, and reading the inspector.
import type { Locator, Page } from '@playwright/test'
import { expect } from './fixtures'
import { createAccount, openConsole, openHeaderGroup } from './support'

export type Kind = 'Latency' | '500 / 503' | '429 after N reads a day' | 'Timeout' | 'Connection reset'

/** Opens the panel, adds one rule of `kind` to listTransactions, lets `edit` set its fields, saves. */
export async function setCondition(
  page: Page,
  kind: Kind,
  edit: (rule: Locator) => Promise<void> = async () => {},
) {
  await openHeaderGroup(page, 'Test conditions')
  await page.getByRole('button', { name: /^Faults, delays and quotas/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Conditions' })
  await dialog.getByLabel('Condition to add to listTransactions').selectOption({ label: kind })
  await dialog.getByRole('button', { name: 'Add to listTransactions' }).click()
  await edit(dialog.getByRole('group', { name: /^Rule r1:/ }))
  await dialog.getByRole('button', { name: 'Save conditions' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('button', { name: 'Conditions: 1 rule' })).toBeVisible()
}

/** Removes every rule through the panel and saves: the sandbox answers as it would without conditions. */
export async function removeAllConditions(page: Page) {
  await openHeaderGroup(page, 'Test conditions')
  await page.getByRole('button', { name: /^Faults, delays and quotas/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Conditions' })
  await dialog.getByRole('button', { name: 'Remove all' }).click()
  await dialog.getByRole('button', { name: 'Save conditions' }).click()
  await expect(dialog).toBeHidden()
  // No rule left: the header's Conditions badge is gone.
  await expect(page.getByRole('banner').getByRole('button', { name: /^Conditions: / })).toHaveCount(0)
}

export async function withAccount(page: Page) {
  await openConsole(page)
  await createAccount(page, { maskedPan: '400000******0042', currency: 'EUR' })
  await expect(noTransactions(page)).toBeVisible()
}

/** The empty table's note, whichever status is shown. */
export const noTransactions = (page: Page) =>
  // Not the chart's "No transactions in this window to chart.": the table's own empty state.
  page.getByText(
    /^(No (booked |pending )?transactions(?! in this window to chart).*|This account has no transactions yet)\.$/,
  )

export const inspector = (page: Page) => page.getByRole('region', { name: 'Request inspector' })
export const transactionsError = (page: Page) =>
  page.getByRole('alert').filter({ hasText: 'Could not load transactions' })

/** Opens the inspector and the newest listTransactions entry; gives that entry. */
export async function openLastRead(page: Page): Promise<Locator> {
  await inspector(page).locator('summary.inspector-summary').click()
  const entry = inspector(page).locator('details.request').filter({ hasText: 'listTransactions' }).first()
  await entry.locator(':scope > summary').click()
  return entry
}

/** The inspector's entry a condition badged (the panel opened), whatever was logged after it. */
export async function badgedEntry(page: Page): Promise<Locator> {
  await inspector(page).locator('summary.inspector-summary').click()
  return inspector(page).locator('details.request').filter({ hasText: 'Condition r1' }).first()
}

/** Sets the PSD2 preset (4 reads a day) and reads, each time with a new From date, until one is refused. */
export async function readUntilRefused(page: Page) {
  await openHeaderGroup(page, 'Test conditions')
  await page.getByRole('button', { name: /^Faults, delays and quotas/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Conditions' })
  await dialog.getByRole('button', { name: 'PSD2: 4 reads a day on listTransactions' }).click()
  // Saving reads the table again under the new rule, the first of the four: typing a date before it is
  // answered would replace it, and the inspector would show it cancelled, not 200.
  const reread = page.waitForResponse(
    (response) => response.request().method() === 'GET' && /\/transactions\?/.test(response.url()),
  )
  await dialog.getByRole('button', { name: 'Save conditions' }).click()
  await expect(dialog).toBeHidden()
  await reread
  // Each new From date is a new read (never one from the cache), until the sandbox refuses one.
  for (let i = 0; !(await transactionsError(page).isVisible()); i++) {
    expect(i, 'reads before the 429').toBeLessThan(8)
    const from = `2020-01-${String(i + 1).padStart(2, '0')}`
    // Each read answered before the next date is typed: the empty state of the read before stays on
    // screen while this one is on its way, and a date typed then cancels it after the sandbox counted it.
    const answered = page.waitForResponse(
      (response) => response.request().method() === 'GET' && response.url().includes(`fromDate=${from}`),
    )
    await page.getByRole('textbox', { name: 'From' }).fill(from)
    await answered
    await expect(noTransactions(page).or(transactionsError(page))).toBeVisible()
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
  }
}
