import { expect, test } from './fixtures'
import { fillTestData, openConsole, openHeaderGroup, signatureSwitch } from './support'

// Issue 19's header: one row of groups at a laptop's width, a badge for every test condition changed, and
// few Tab stops before the main actions. Both modes.

/** Tab presses from the top of the page to the sidebar's "+ New": 15 before the header was grouped. */
const TAB_STOPS_TO_NEW = 8

test.use({ viewport: { width: 1366, height: 900 } })

test('at 1366×900 the header is one row, and a spoiled signature shows its badge', async ({ page }) => {
  await openConsole(page)
  const banner = page.getByRole('banner')
  const oneRow = async () => {
    const tops = await banner
      .locator(':scope > *, .header-groups > *')
      .evaluateAll((items) => items.map((item) => item.getBoundingClientRect()))
    const middles = tops.map((box) => box.top + box.height / 2)
    expect(Math.max(...middles) - Math.min(...middles)).toBeLessThan(8)
  }
  await oneRow()

  await (await signatureSwitch(page)).selectOption({ label: 'Bad signature' })
  await page.keyboard.press('Escape')
  const badge = banner.getByRole('button', { name: 'Signature: bad signature' })
  await expect(badge).toBeVisible()
  await oneRow()
  // The badge opens its control, focused.
  await badge.click()
  await expect(page.getByRole('combobox', { name: 'Signature' })).toBeFocused()
  await page.getByRole('combobox', { name: 'Signature' }).selectOption({ label: 'Correct (default)' })
  await expect(badge).toHaveCount(0)
})

test('the Mode switch is named Mode, and where the data lives is its description', async ({ page }) => {
  await openConsole(page)
  const mode = page.getByRole('combobox', { name: 'Mode', exact: true })
  await expect(mode).toHaveAccessibleDescription("Data in this browser's storage (this profile only)")
  await expect(page.getByRole('banner').getByText("Data in this browser's storage")).toBeVisible()
})

test('a condition set shows as a badge at 800×600 too, outside the Tools menu', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 600 })
  await openConsole(page)
  await openHeaderGroup(page, 'Test conditions')
  await page.getByLabel('Swap the two amounts (accept-fix)').check()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('banner').getByRole('button', { name: 'Swap amounts on' })).toBeInViewport()
})

test(`Tab reaches "+ New" from the top of the page in at most ${TAB_STOPS_TO_NEW} presses`, async ({
  page,
}) => {
  await openConsole(page)
  await fillTestData(page)
  await page.reload()
  const newButton = page.getByRole('button', { name: '+ New', exact: true })
  await expect(newButton).toBeVisible()
  await page.locator('body').focus()
  let presses = 0
  while (presses < 40 && !(await newButton.evaluate((button) => button === document.activeElement))) {
    await page.keyboard.press('Tab')
    presses++
  }
  expect(presses).toBeLessThanOrEqual(TAB_STOPS_TO_NEW)
})

// A keyboard tester pressed ArrowDown on the Mode select to see the modes: the console switched to Proxy at
// once, a reload into the other mode's data (WCAG 3.2.2). An arrow now opens the list; Enter there chooses.
test('an arrow key on the Mode select opens its list and switches nothing', async ({ page }) => {
  await openConsole(page)
  const mode = page.getByRole('combobox', { name: 'Mode' })
  await mode.focus()
  // Gone if the page reloads, as a switch of mode reloads it.
  await page.evaluate(() => Object.assign(window, { stayedHere: true }))
  await page.keyboard.press('ArrowDown')
  await expect(mode).toHaveValue('offline')
  await page.keyboard.press('Escape')
  await expect(mode).toHaveValue('offline')
  await expect(mode).toBeFocused()
  expect(await page.evaluate(() => 'stayedHere' in window)).toBe(true)
})
