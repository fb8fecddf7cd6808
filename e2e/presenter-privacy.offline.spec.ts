import type { Page } from '@playwright/test'
import { testCustomers } from '../src/contract/card-account'
import { expect, test } from './fixtures'
import {
  newAccountButton,
  openAccountButton,
  openConsole,
  openFlows,
  openHeaderGroup,
  runFlowSteps,
  showHeaderTools,
} from './support'

/** The test data's people: both test customers, who are also the PSU ids and PSU-Corporate-IDs sent. */
const personal = Object.values(testCustomers)

/** Every personal value found in what the screen shows: the page's text and every field's value. */
async function shownPersonal(page: Page): Promise<string[]> {
  return page.evaluate((values) => {
    const fields = [...document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')]
    const shown = [document.body.textContent, ...fields.map((field) => field.value)]
    return values.filter((value) => shown.some((text) => text.includes(value)))
  }, personal)
}

async function expectNoneShown(page: Page, where: string) {
  expect(await shownPersonal(page), `personal values shown on ${where}`).toEqual([])
}

test('presenter mode shows no PSU id or customer number on any screen or dialog', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 })
  await openConsole(page)
  await openHeaderGroup(page, 'Explain & share')
  await page.getByRole('button', { name: 'Presenter mode' }).click()
  await expect(page.locator('html')).toHaveAttribute('data-presenter', 'on')
  await expectNoneShown(page, 'the empty console')

  // The empty console's own buttons, which stand for the sidebar's while it has no account.
  await openAccountButton(page).click()
  const open = page.getByRole('dialog')
  await open.getByLabel('PSU-Corporate-ID (corporate accounts only)').fill(testCustomers.corporate)
  await open.getByRole('textbox').first().focus()
  await expectNoneShown(page, 'the open-account form')
  await page.keyboard.press('Escape')
  await expect(open).toBeHidden()

  // The new-account form (the empty console's button): its hint names
  // both test customers, and the corporate one is typed in. The flow below creates the private one's account.
  await newAccountButton(page).click()
  const dialog = page.getByRole('dialog', { name: 'New card account' })
  await expectNoneShown(page, 'the new-account form')
  await dialog.getByLabel('Masked PAN').fill('525412******7777')
  await dialog.getByLabel('Currency', { exact: true }).fill('NOK')
  await dialog.getByLabel('Customer number (PSU id)').fill(testCustomers.corporate)
  await expect(dialog.getByRole('radio', { name: 'corporate' })).toBeChecked()
  await dialog.getByLabel('Name (optional)').focus()
  await expectNoneShown(page, 'the new-account form with a customer number typed in')
  await dialog.getByRole('button', { name: 'Create account' }).click()
  await expect(dialog).toBeHidden()

  // The corporate account's header: its PSU-Corporate-ID box defaults to the customer number.
  await expect(page.getByRole('heading', { name: /^525412\*{6}7777 · NOK/ })).toBeVisible()
  await expect(page.getByLabel('PSU-Corporate-ID')).toHaveValue('•••••••••03')
  await expect(page.getByRole('main').getByRole('button', { name: 'Settle pending…' })).toBeVisible()
  await expectNoneShown(page, "the corporate account's header")

  // The new account's first answer: empty, so its own buttons stand in place of the header's "+ Add
  // transactions" (which a click aimed at while the answer came would miss).
  await expect(page.getByRole('main').getByText('No booked transactions.')).toBeVisible()
  for (const action of ['+ Add transactions', 'Generate…', 'Settle pending…']) {
    await page.getByRole('main').getByRole('button', { name: action, exact: true }).click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await expectNoneShown(page, `the ${action} dialog`)
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toBeHidden()
  }

  // Every request the inspector holds, one at a time: headers and bodies carry both ids.
  const inspector = page.getByRole('region', { name: 'Request inspector' })
  const older = inspector.getByRole('button', { name: '◀ Older' })
  await expectNoneShown(page, 'the inspector')
  while (await older.isEnabled()) {
    await older.click()
    await expectNoneShown(
      page,
      `the inspector at ${await inspector.getByRole('heading').first().textContent()}`,
    )
  }

  await openHeaderGroup(page, 'Explain & share')
  await page.getByRole('button', { name: 'Share…' }).click()
  await expect(page.getByRole('dialog', { name: /Share/ })).toBeVisible()
  await expectNoneShown(page, 'the Share dialog')
  await page.keyboard.press('Escape')

  // In the Tools menu: at presenter mode's type size a 1280-wide header folds its groups and Help there.
  await showHeaderTools(page)
  await page.getByRole('banner').getByRole('button', { name: 'Help', exact: true }).click()
  await expect(page.getByRole('dialog', { name: /Help/ })).toBeVisible()
  await expectNoneShown(page, 'Help')
  await page.keyboard.press('Escape')

  // A flow creates an account for the private test customer and reads it.
  const panel = await openFlows(page)
  await runFlowSteps(page, panel, 4, async (step) => {
    await expect(panel.getByText(new RegExp(`^Step ${step}: `))).toBeVisible()
    await expectNoneShown(page, `flow step ${step}`)
  })
})
