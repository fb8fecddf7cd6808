import type { Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures'
import {
  expectAccessible,
  fillAndOpenFirst,
  fillTestData,
  inEachTheme,
  keepScreenshot,
  openAccount,
  openConsole,
  openFlows,
  runFlowSteps,
  signatureSwitch,
  swapAmounts,
  tabUntil,
  whereFocusIs,
  wordsBrokenOverLines,
  ZOOMED_LAPTOP,
} from './support'

/**
 * On screen and not covered: its box inside the window, and what the page shows at its centre is it (not
 * the caption's bar over it, nor the part of a scrolled area that clips it).
 */
async function expectOnScreen(page: Page, locator: Locator, what: string): Promise<void> {
  const box = await locator.boundingBox()
  const window = page.viewportSize()
  expect(box, `${what} has a box`).not.toBeNull()
  if (!box || !window) return
  expect.soft(box.x, `${what}: left edge`).toBeGreaterThanOrEqual(0)
  expect.soft(box.y, `${what}: top edge`).toBeGreaterThanOrEqual(0)
  expect.soft(box.x + box.width, `${what}: right edge`).toBeLessThanOrEqual(window.width)
  expect.soft(box.y + box.height, `${what}: bottom edge`).toBeLessThanOrEqual(window.height)
  const seen = await locator.evaluate(
    (element, [x, y]) => {
      const top = document.elementFromPoint(x, y)
      return top !== null && (element.contains(top) || top.contains(element))
    },
    [box.x + box.width / 2, box.y + box.height / 2] as const,
  )
  expect.soft(seen, `${what} is not covered`).toBe(true)
}

/** The header's pieces, each with its box: none may lie over another. */
async function headerOverlaps(page: Page): Promise<string[]> {
  return page.getByRole('banner').evaluate((header) => {
    const pieces = [
      ...header.querySelectorAll('h1, .mode select, .mode-data, .condition-badges li, .header-groups > *'),
    ]
      .map((element) => ({ name: element.textContent?.trim() ?? '', box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && box.height > 0)
    const overlaps: string[] = []
    pieces.forEach((a, i) => {
      for (const b of pieces.slice(i + 1)) {
        const apart =
          a.box.right <= b.box.left ||
          b.box.right <= a.box.left ||
          a.box.bottom <= b.box.top ||
          b.box.bottom <= a.box.top
        if (!apart) overlaps.push(`"${a.name}" over "${b.name}"`)
      }
    })
    return overlaps
  })
}

/** Opens Flows… and runs "A first card account" to its fourth step: the table then holds that step's answer. */
async function runToStepFour(page: Page): Promise<void> {
  const panel = await openFlows(page)
  await runFlowSteps(page, panel, 4)
  await expect(panel.getByText('Step 4: 200 OK: 2 transactions')).toBeAttached()
  const table = page.getByRole('table', { name: /^Transactions of/ })
  await expect(table.locator('tbody tr').first().locator('td.col-amount')).toHaveText(/\d/)
}

// Issue 20's tester, demonstrating at 800×600: the header, the flow's panel, the inspector and the caption
// filled the screen, so at "amounts swap places" the audience saw no amount.
for (const viewport of [
  { width: 800, height: 600 },
  { width: 1280, height: 800 },
  { width: 1366, height: 768 },
  { width: 1366, height: 900 },
]) {
  const size = `${viewport.width}×${viewport.height}`
  test(`presenter mode at ${size}: a flow's step, its buttons and its amounts share the screen`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport)
    await openConsole(page)
    await page.keyboard.press('Alt+Shift+P')
    await runToStepFour(page)
    const panel = page.getByRole('region', { name: 'Flow' })
    const next = panel.getByRole('button', { name: 'Run next step →' })
    const table = page.getByRole('table', { name: /^Transactions of/ })

    await expectOnScreen(page, panel.getByText(/^Next, step 5 of 5: /), 'the caption')
    await expectOnScreen(page, next, 'Run next step')
    await expectOnScreen(page, panel.getByRole('button', { name: '← Back' }), 'Back')
    await expectOnScreen(page, table.locator('tbody tr').first().locator('td.col-amount'), 'the first amount')
    // From 1280 px the table fits the room the flow's panel leaves at presenter type: no column scrolled
    // out of view or under the amounts pinned to its right. (At 800 px its four columns outgrow the screen
    // at that type: the amounts stay pinned in view, and the table scrolls sideways under them.)
    const sideways = await page
      .getByRole('region', { name: /^Transactions of/ })
      .evaluate((region) => region.scrollWidth - region.clientWidth)
    if (viewport.width >= 1280) expect(sideways, 'px of the table out of view sideways').toBe(0)
    await expect(page.getByRole('banner').getByRole('button', { name: /Swap amounts on/ })).toBeVisible()
    expect(await headerOverlaps(page)).toEqual([])
    await inEachTheme(page, async (theme) => {
      await keepScreenshot(page, `presenter-flows-${viewport.width}x${viewport.height}-${theme}`)
    })

    if (viewport.width === 800) await expectAccessible(page, `presenter mode with a flow at ${size}`)

    // What was folded away to make room opens on demand.
    const inspector = page.getByRole('region', { name: 'Request inspector' })
    const parts = inspector.getByRole('heading', { name: 'Request headers' })
    const unfold = inspector.getByRole('button', { name: 'Headers and bodies' })
    if (viewport.height <= 1000) {
      await expect(parts).toBeHidden()
      await unfold.click()
    }
    await expect(unfold).toHaveAttribute('aria-expanded', 'true')
    await expect(parts).toBeVisible()
    const more = panel.getByText('Record, export, import')
    if (viewport.width <= 1100) {
      await expect(panel.getByRole('button', { name: 'Export flow' })).toBeHidden()
      await more.click()
    }
    await expect(panel.getByRole('button', { name: 'Export flow' })).toBeVisible()
  })
}

// A first-time tester at 1280×800 in presenter mode, no flow open: the inspector opened whole took the lower
// half of the window and left the table one row and a half. Presenter type is 20 px, so 800 px is short.
test('presenter mode at 1280×800 without a flow: the inspector starts folded, the rows are in sight', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await openConsole(page)
  await fillAndOpenFirst(page)
  await page.keyboard.press('Alt+Shift+P')
  const inspector = page.getByRole('region', { name: 'Request inspector' })
  await expect(inspector.getByRole('button', { name: 'Headers and bodies' })).toHaveAttribute(
    'aria-expanded',
    'false',
  )
  await expect(inspector.getByRole('heading', { name: 'Request headers' })).toBeHidden()
  const rows = page.getByRole('table', { name: /^Transactions of/ }).locator('tbody tr')
  for (const row of [0, 1, 2, 3, 4]) {
    await expectOnScreen(page, rows.nth(row).locator('td.col-amount'), `row ${row + 1}'s amount`)
  }
})

// A first-time tester presenting at 800×600: at presenter type the account's heading, buttons, filters and
// chart filled the main area, and the audience saw no row until the presenter scrolled.
test('presenter mode at 800×600: an account opened shows the audience its first rows', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 600 })
  await openConsole(page)
  const [first = '', second = ''] = await fillTestData(page)
  await openAccount(page, first)
  await page.keyboard.press('Alt+Shift+P')
  const rows = page.getByRole('table', { name: /^Transactions of/ }).locator('tbody tr')
  // The page moves once presenter mode's type and bars are laid out, as the user sees it do.
  await expect.poll(() => centreSeen(rows.nth(2).locator('td.col-amount')), "row 3's amount").toBe(true)
  for (const row of [0, 1, 2]) {
    await expectOnScreen(page, rows.nth(row).locator('td.col-amount'), `row ${row + 1}'s amount`)
  }
  // The same tester read "Restauran / ts" and "Commute / r": the category and Details keep their words whole.
  expect(await wordsBrokenOverLines(rows.locator('td:is(.col-mcc, .col-details)'))).toEqual([])
  // The other account, from the list folded above the table, as a presenter picks it.
  await page.getByRole('button', { name: /^List \(2\)/ }).click()
  await page
    .getByRole('complementary')
    .locator(`a[href^="?${new URLSearchParams({ account: second })}&"]`)
    .click()
  await expect(page.getByRole('table', { name: /^Transactions of/ })).toHaveAttribute('aria-busy', 'false')
  await expect(page.getByRole('heading', { name: /Nordlys Logistikk/ })).toBeAttached()
  await expect.poll(() => centreSeen(rows.nth(2).locator('td.col-amount')), "row 3's amount").toBe(true)
  for (const row of [0, 1, 2]) {
    await expectOnScreen(page, rows.nth(row).locator('td.col-amount'), `the second account's row ${row + 1}`)
  }
  // Back, onto the first account with its list unfolded as it was left: the page, then taller than the
  // window, scrolled the header out of sight with the table.
  await page.goBack()
  await expect(page.getByRole('heading', { name: /Kari Nordmann/ })).toBeAttached()
  await expect.poll(() => centreSeen(rows.first().locator('td.col-amount')), "row 1's amount").toBe(true)
  await expectOnScreen(page, page.getByRole('combobox', { name: 'Mode' }), 'the Mode select')
})

/** Whether what the page shows at the centre of `locator`'s box is it: in the window, under no bar. */
function centreSeen(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect()
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
    return top !== null && (element.contains(top) || top.contains(element))
  })
}

// A README-only tester at 800×600 without presenter mode: the panel took 240 px (its picker, heading,
// caption, last outcome, buttons and the whole list of steps), leaving two rows and covering the pager.
test('without presenter mode at 800×600: the flow panel leaves the table and its pager in sight', async ({
  page,
}) => {
  await page.setViewportSize({ width: 800, height: 600 })
  await openConsole(page)
  await runToStepFour(page)
  const panel = page.getByRole('region', { name: 'Flow' })
  const table = page.getByRole('table', { name: /^Transactions of/ })

  await expectOnScreen(page, panel.getByText(/^Next, step 5 of 5: /), 'the caption')
  await expectOnScreen(page, panel.getByRole('button', { name: 'Run next step →' }), 'Run next step')
  await expectOnScreen(page, panel.getByRole('button', { name: '← Back' }), 'Back')
  await expectOnScreen(page, panel.getByRole('button', { name: 'Close flow' }), 'Close flow')
  await expectOnScreen(page, table.locator('tbody tr').first().locator('td.col-amount'), 'the first amount')
  await expectOnScreen(page, table.locator('tbody tr').last().locator('td.col-amount'), 'the last amount')
  await expectOnScreen(page, page.getByRole('navigation', { name: 'Pages' }), 'the pager')
  await inEachTheme(page, async (theme) => {
    await keepScreenshot(page, `flows-800x600-${theme}`)
  })
  await expectAccessible(page, 'a flow at 800×600')

  // Record, export and import fold away as in presenter mode, and open on demand.
  await expect(panel.getByRole('button', { name: 'Export flow' })).toBeHidden()
  await panel.getByText('Record, export, import').click()
  await expect(panel.getByRole('button', { name: 'Export flow' })).toBeVisible()
})

// A keyboard tester at 683×450 (a 1366-px laptop at 200 % zoom) in presenter mode: the panel came after the
// whole table, so the step that scrolled the table into sight took the focused Run next step off screen
// (y 485); later the caption's bar covered it, and Back after the last step, and the inspector's buttons.
test('presenter mode at 683×450: the focus stays in sight through a flow and on every stop back to its dates', async ({
  page,
}) => {
  await page.setViewportSize(ZOOMED_LAPTOP)
  await openConsole(page)
  await page.keyboard.press('Alt+Shift+P')
  const panel = await openFlows(page)
  expect(await whereFocusIs(page)).toBe('in sight')
  await runFlowSteps(page, panel, 5, async (step) => {
    // From step 2 the step's rows scroll into sight once its answer is there (step 1's account has none).
    const table = page.getByRole('table', { name: /^Transactions of/ })
    if (step > 1) await expect(table).toHaveAttribute('aria-busy', 'false')
    await expect.poll(() => whereFocusIs(page), `the focus after step ${step}`).toBe('in sight')
  })
  await expect(panel.getByRole('button', { name: '← Back' })).toBeFocused()

  // Back through the inspector's buttons (before the panel in the page's order) and the table to To.
  const older = page.getByRole('region', { name: 'Request inspector' }).getByRole('button', { name: /Older/ })
  await tabUntil(page, older, 'Shift+Tab')
  await tabUntil(page, page.getByLabel('To', { exact: true }), 'Shift+Tab')
})

// The same tester without a flow: Alt+Shift+P with the last row's Details button focused left it at y 1187,
// off screen; Shift+Tab, Tab put it behind the presenter inspector; and the table outgrew its area, so
// Details ("SAS", "Hot/Adl/Ber") slid under the stuck amounts.
test('presenter mode at 683×450 without a flow: the focus stays in sight, Details are read whole', async ({
  page,
}) => {
  await page.setViewportSize(ZOOMED_LAPTOP)
  await openConsole(page)
  await fillTestData(page)
  const details = page.getByRole('button', { name: /^Details of transaction/ })
  await expect(details).toHaveCount(9)
  // By keyboard, as the tester reached it.
  await details.nth(7).focus()
  await page.keyboard.press('Tab')
  await expect(details.last()).toBeFocused()
  expect(await whereFocusIs(page)).toBe('in sight')

  await page.keyboard.press('Alt+Shift+P')
  const inspector = page.getByRole('region', { name: 'Request inspector' })
  await expect(inspector.getByRole('heading', { name: /^Request \d+ of/ })).toBeVisible()
  await expect.poll(() => whereFocusIs(page), 'the focus after Alt+Shift+P').toBe('in sight')
  await page.keyboard.press('Shift+Tab')
  await page.keyboard.press('Tab')
  await expect(details.last()).toBeFocused()
  expect(await whereFocusIs(page), 'the focus after Shift+Tab, Tab').toBe('in sight')
  const sideways = await page
    .getByRole('region', { name: /^Transactions of/ })
    .evaluate((region) => region.scrollWidth - region.clientWidth)
  expect(sideways, 'px of the table out of view sideways').toBe(0)
})

// The same tester turned the amount swap on: beside the mode and Tools at presenter type the badge had room
// for a word a line ("Swap / amo / on"), clipped, and the Tools button lay over it.
test('presenter mode at 683×450: a test condition’s badge is read whole, nothing over it', async ({
  page,
}) => {
  await page.setViewportSize(ZOOMED_LAPTOP)
  await openConsole(page)
  await page.keyboard.press('Alt+Shift+P')
  await (await swapAmounts(page)).check()
  await page.keyboard.press('Escape')
  const badge = page.getByRole('banner').getByRole('button', { name: /Swap amounts on/ })
  await expect(badge).toBeVisible()
  expect(await headerOverlaps(page)).toEqual([])
  // One line of its words: a line and its padding are under twice its type's size.
  const heightInEms = await badge.evaluate(
    (element) =>
      element.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(element).fontSize),
  )
  expect(heightInEms, 'the badge’s height in its type’s size').toBeLessThan(2)
})

// A tester at 640×400 in presenter mode: the inspector's buttons broke their words over two lines ("Headers
// and / bodies", "◀ / Older") and the bar took 156 px, then 200 (half the window) with a bad signature, whose
// refusal ran past the window's bottom edge. One page, signed correctly and then with a bad signature.
test('presenter mode at 640×400, signed correctly and then badly: the inspector keeps to a third, its buttons to a line', async ({
  page,
}) => {
  const window = { width: 640, height: 400 }
  await page.setViewportSize(window)
  await openConsole(page)
  await fillTestData(page)
  await page.keyboard.press('Alt+Shift+P')
  const inspector = page.getByRole('region', { name: 'Request inspector' })
  await expect(inspector.getByRole('heading', { name: /^Request \d+ of/ })).toBeVisible()
  const refusal = inspector.getByText(/^✗ Refused: SIGNATURE_INVALID/)

  for (const signature of ['Correct (default)', 'Bad signature']) {
    await test.step(`signature ${signature}`, async () => {
      if (signature === 'Bad signature') {
        await (await signatureSwitch(page)).selectOption({ label: signature })
        await page.keyboard.press('Escape')
        await expect(refusal).toBeVisible()
      }
      const height = (await inspector.boundingBox())?.height ?? Number.POSITIVE_INFINITY
      expect
        .soft(height / window.height, `the inspector’s share of the window’s height (${signature})`)
        .toBeLessThanOrEqual(0.32)
      const buttons = inspector.getByRole('button')
      await expect(buttons).toHaveCount(3)
      for (const button of await buttons.all()) {
        const name = await button.textContent()
        // One line of its words: a line and its padding are under twice its type's size.
        const heightInEms = await button.evaluate(
          (element) =>
            element.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(element).fontSize),
        )
        expect(heightInEms, `the height of "${name}" in its type’s size (${signature})`).toBeLessThan(2)
      }
      // The names stay whole where the words on screen are fewer.
      await expect(inspector.getByRole('button', { name: 'Headers and bodies' })).toBeVisible()
      await expect(inspector.getByRole('button', { name: '◀ Older' })).toBeVisible()
    })
  }

  // The refusal starts in sight, and the rest scrolls into the inspector under its buttons, not past the
  // window's edge.
  const refusalBox = await refusal.boundingBox()
  expect(refusalBox?.y ?? Number.POSITIVE_INFINITY, 'the refusal’s top').toBeLessThan(window.height)
  await inspector.hover()
  await page.mouse.wheel(0, window.height)
  await expect
    .poll(async () => {
      const [end, box] = [await refusal.boundingBox(), await inspector.boundingBox()]
      return end && box ? end.y + end.height <= Math.min(box.y + box.height, window.height) : false
    }, 'the refusal’s end in the inspector, in the window')
    .toBe(true)
  await expectOnScreen(
    page,
    inspector.getByRole('button', { name: '◀ Older' }),
    'Older, the refusal scrolled',
  )
})
