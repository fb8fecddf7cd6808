import type { Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { fillTestData, openConsole, openHeaderGroup, screenshot, signatureSwitch } from './support'

// Issue 19, where a README-only tester found one screen meeting another badly: typed rows lost on leaving the
// page, a badge cut at 800×600, the presenter header and the batch form too wide at 1280. Offline only: the
// layout and the page's unload do not depend on where the data lives. Screenshots go to
// test-results/screenshots/ for a person to look at.

/** Wholly inside the window's width, and nothing in it cut or scrolled sideways. */
async function expectWhole(locator: Locator, page: Page) {
  const width = page.viewportSize()?.width ?? 0
  const box = await locator.boundingBox()
  expect(box).not.toBeNull()
  expect(box?.x).toBeGreaterThanOrEqual(0)
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width)
  const overflow = await locator.evaluate((element) => element.scrollWidth - element.clientWidth)
  expect(overflow).toBeLessThanOrEqual(0)
}

/** Every control of the header whole, inside the window, and none covering another. */
async function expectHeaderControlsApart(page: Page) {
  const banner = page.getByRole('banner')
  await expectWhole(banner, page)
  const controls = await banner.locator('button, select').evaluateAll((elements) =>
    elements
      .filter((element) => element.checkVisibility())
      .map((element) => ({
        name: element.textContent?.trim() ?? '',
        ...element.getBoundingClientRect().toJSON(),
      })),
  )
  expect(controls.length).toBeGreaterThan(1)
  for (const control of await banner.locator('button, select').all())
    if (await control.isVisible()) await expectWhole(control, page)
  for (const [i, a] of controls.entries())
    for (const b of controls.slice(i + 1)) {
      const apart = a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top
      expect(apart, `${a.name} and ${b.name} overlap`).toBe(true)
    }
}

test('the browser asks before leaving the page throws a typed row away', async ({ page }) => {
  await openConsole(page)
  await fillTestData(page)
  await page.getByRole('main').getByRole('button', { name: '+ Add transactions' }).click()
  const dialog = page.getByRole('dialog', { name: /^Add transactions/ })
  const amount = dialog.getByLabel('Row 1 amount', { exact: true })
  await amount.click()
  await page.keyboard.type('-12.50')

  const asked = page.waitForEvent('dialog')
  await page.close({ runBeforeUnload: true })
  const question = await asked
  expect(question.type()).toBe('beforeunload')
  await question.dismiss()
  await expect(amount).toHaveValue('-12.50')
})

test('at 800×600 a spoiled signature shows its badge whole', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 600 })
  await openConsole(page)
  await (await signatureSwitch(page)).selectOption({ label: 'Bad signature' })
  await page.keyboard.press('Escape')
  const badge = page.getByRole('banner').getByRole('button', { name: 'Signature: bad signature' })
  await expect(badge).toBeVisible()
  await screenshot(page, 'seams-800x600-signature-badge')
  await expectHeaderControlsApart(page)
})

test('at 1280×720 in presenter mode the header fits the window', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 })
  await openConsole(page)
  await fillTestData(page)
  await openHeaderGroup(page, 'Explain & share')
  await page.getByRole('button', { name: 'Presenter mode' }).click()
  await expect(page.locator('html')).toHaveAttribute('data-presenter', 'on')
  await page.keyboard.press('Escape')
  await screenshot(page, 'seams-1280x720-presenter')
  await expectHeaderControlsApart(page)
})

test('at 1280×720 the Add transactions rows fit the dialog, no sideways scroll', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 })
  await openConsole(page)
  await fillTestData(page)
  await page.getByRole('main').getByRole('button', { name: '+ Add transactions' }).click()
  const dialog = page.getByRole('dialog', { name: /^Add transactions/ })
  await expect(dialog.getByLabel('Row 1 amount', { exact: true })).toBeVisible()
  await screenshot(page, 'seams-1280x720-add-transactions')
  await expectWhole(dialog, page)
  await expectWhole(dialog.locator('.table-scroll'), page)
  await expect(dialog.getByLabel('Row 1 transaction id', { exact: true })).toBeInViewport({ ratio: 1 })
})
