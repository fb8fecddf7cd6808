import { expect, test } from './fixtures'
import { newAccountButton, openConsole, openHeaderGroup, screenshot } from './support'

// Issue 11 item 3: a form's errors name the field by its label and say what to do; the wire's paths
// (maskedPan, transactionAmount.amount, accept-fix: longer-name) stay in the inspector.
const WIRE_WORDS =
  /maskedPan|creditLimit|customerNumber|transactionAmount|merchantCategoryCode|longer-name|YYYY-MM-DD|Failed to construct/

test('messages in label words', async ({ page }) => {
  await openConsole(page)
  const opener = newAccountButton(page)
  await opener.click()
  let dialog = page.getByRole('dialog', { name: 'New card account' })
  await dialog.getByLabel('Masked PAN').fill('5254123241')
  await dialog.getByLabel('Name (optional)').fill('N'.repeat(40))
  await dialog.getByLabel('Credit limit amount (optional)').fill('5000')
  // An optional date typed as no day is refused in words, not sent without it.
  await dialog.getByText('All fields: balances, card id, account number, expiry').click()
  await dialog.getByLabel('Expiry', { exact: true }).focus()
  await page.keyboard.type('02302026')
  await dialog.getByRole('button', { name: 'Create account' }).click()

  await expect(dialog.getByText(/^Expiry: that day does not exist/)).toBeVisible()
  await expect(dialog.getByText('Masked PAN must be 12 to 19 characters')).toBeVisible()
  await expect(dialog.getByText('40/35 characters')).toBeVisible()
  await expect(
    dialog.getByText(
      'Name may have at most 35 characters; turn on "Longer names (accept-fix)" (below) for 70',
    ),
  ).toBeVisible()
  await expect(
    dialog.getByText(/^Credit limit currency is required once a credit limit amount is given/),
  ).toBeVisible()
  await expect(dialog.getByText(WIRE_WORDS)).toHaveCount(0)
  await screenshot(page, 'messages-new-account')
  // What was typed is a change: Cancel asks, and the answer here is to let it go.
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await dialog.getByRole('button', { name: 'Discard' }).click()
  await expect(dialog).toBeHidden()

  // The fix the message names also sits in the header, next to the swap; typed input is normalised.
  await openHeaderGroup(page, 'Test conditions')
  await page.getByRole('checkbox', { name: 'Longer names (accept-fix)' }).check()
  await opener.click()
  dialog = page.getByRole('dialog', { name: 'New card account' })
  await dialog.getByLabel('Masked PAN').fill(' 5254 12** **** 3241 ')
  await dialog.getByLabel('Currency', { exact: true }).fill('nok')
  await dialog.getByLabel('Customer number (PSU id)').fill('18129215603')
  await dialog.getByLabel('Name (optional)').fill('N'.repeat(40))
  await expect(dialog.getByText('40/70 characters')).toBeVisible()
  await dialog.getByLabel('Credit limit amount (optional)').fill(' +5000 ')
  await dialog.getByLabel('Credit limit currency').fill('sek')
  await dialog.getByRole('button', { name: 'Create account' }).click()
  await expect(dialog).toBeHidden()
  await expect(
    page.getByRole('heading', { name: `525412******3241 · NOK · ${'N'.repeat(40)} · corporate` }),
  ).toBeVisible()

  // A header-bound field refuses what a header cannot carry intact, in words, and the table keeps working.
  // Offline, Chromium handed "ÆØÅ" to the service worker as an empty header: the sandbox asked for one.
  const corporateId = page.getByLabel('PSU-Corporate-ID')
  await corporateId.fill('ÆØÅ 😀')
  await expect(corporateId).toHaveAttribute('aria-invalid', 'true')
  await expect(
    page.getByText(
      'PSU-Corporate-ID is sent as an HTTP header, which carries only unaccented letters (A–Z), digits, punctuation and spaces intact: remove "Æ" (U+00C6), "Ø" (U+00D8), "Å" (U+00C5), "😀" (U+1F600)',
      { exact: false },
    ),
  ).toBeVisible()
  await expect(page.getByText(/Failed to construct/)).toHaveCount(0)
  await expect(page.getByText('No booked transactions.')).toBeVisible()
  await corporateId.fill('18129215603')

  await page.getByRole('button', { name: /^\+ Add transactions?$/ }).click()
  const add = page.getByRole('dialog', { name: /^Add transactions/ })
  await add.getByLabel('Row 1 amount', { exact: true }).fill('abc')
  await add.getByLabel('Row 1 original amount', { exact: true }).fill('-1.00')
  // Typed as a person types a date (mm/dd/yyyy): 30 February is no day.
  await add.getByLabel('Row 1 transaction date', { exact: true }).focus()
  await page.keyboard.type('02302026')
  await add.getByRole('button', { name: 'Add transaction', exact: true }).click()

  await expect(add.getByText(/Amount must be a decimal number/)).toBeVisible()
  await expect(add.getByText(/MCC is required: a merchant category code of 1 to 4 characters/)).toBeVisible()
  await expect(add.getByText(/Transaction date: that day does not exist/)).toBeVisible()
  // Typing on past a year's four digits: the field takes a six-digit year, the wire does not.
  await add.getByLabel('Row 1 transaction date', { exact: true }).fill('2026-11-27')
  await add.getByLabel('Row 1 transaction date', { exact: true }).focus()
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('ArrowRight')
  await page.keyboard.type('202026')
  await add.getByRole('button', { name: 'Add transaction', exact: true }).click()
  await expect(
    add.getByText('Transaction date: the year 202026 has more than four digits: enter a real date'),
  ).toBeVisible()
  await expect(add.getByText(WIRE_WORDS)).toHaveCount(0)
  await screenshot(page, 'messages-add-transactions')
})
