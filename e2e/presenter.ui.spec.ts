import { readFileSync } from 'node:fs'
import { expect, test } from './fixtures'
import {
  axeRulesIn,
  expectAccessible,
  inEachTheme,
  keepScreenshot,
  openConsole,
  openFlows,
  openHeaderGroup,
  runFlowSteps,
  screenshot,
  signatureSwitch,
  swapAmounts,
} from './support'

test('steps through a shipped flow with the arrow keys, then presents it masked', async ({ page }) => {
  await openConsole(page)
  const panel = await openFlows(page)
  await expect(panel.getByText(/^Next, step 1 of 5: Create a mock card account/)).toBeVisible()

  await page.keyboard.press('ArrowRight')
  await expect(panel.getByText('Step 1: 201 Created: card account 400000******1234')).toBeVisible()
  await expect(page.getByRole('heading', { name: /^400000\*{6}1234/ })).toBeVisible()
  await page.keyboard.press('ArrowRight')
  await expect(panel.getByText('Step 2: 201 Created: 3 transactions')).toBeVisible()
  await expect(page.getByRole('table', { name: /^Transactions of/ }).getByRole('row')).toHaveCount(4)
  await page.keyboard.press('ArrowRight')
  await expect(panel.getByText('Step 3: 200 OK: 2 transactions')).toBeVisible()
  await expect(page.getByRole('radio', { name: 'booked' })).toBeChecked()
  await expect(page.getByRole('table', { name: /^Transactions of/ }).getByRole('row')).toHaveCount(3)
  await page.keyboard.press('ArrowRight')
  await expect(panel.getByText('Step 4: 200 OK: 2 transactions')).toBeVisible()
  await expect(await swapAmounts(page)).toBeChecked()
  // The open Test conditions group has the keys now: the last step by its button.
  await page.keyboard.press('Escape')
  await panel.getByRole('button', { name: 'Run next step →' }).click()
  await expect(panel.getByText('Step 5: 200 OK: 2 transactions')).toBeVisible()
  // The flow puts the console-wide switch back as it found it.
  await expect(await swapAmounts(page)).not.toBeChecked()
  expect(new URL(page.url()).searchParams.get('fix')).toBeNull()

  await page.keyboard.press('Alt+Shift+P')
  await openHeaderGroup(page, 'Explain & share')
  await expect(page.getByRole('button', { name: 'Presenter mode' })).toHaveAttribute('aria-pressed', 'true')
  // Closed again (a click outside): at presenter mode's type size the header's groups fold into Tools,
  // whose tall panel would cover the inspector.
  await page.getByRole('main').click({ position: { x: 2, y: 2 } })
  await expect(page.getByRole('button', { name: 'Presenter mode' })).toBeHidden()
  // A flow open: its panel takes the side, and the account list gives way to it.
  const accounts = page.getByRole('complementary')
  await expect(accounts).toBeHidden()
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('20px')
  const inspector = page.getByRole('region', { name: 'Request inspector' })
  await expect(inspector.getByRole('heading', { name: /^Request \d+ of \d+$/ })).toBeVisible()
  while ((await inspector.getByText('createCardAccount').count()) === 0) {
    await inspector.getByRole('button', { name: '◀ Older' }).click()
  }
  await expect(inspector.getByText('"customerNumber": "•••••••••55"')).toHaveCount(2)
  await expect(page.locator('body')).not.toContainText('13039319955')

  // The flow closed, the account list folds to its head row above the table: one click away in front of
  // the audience, to switch or make an account.
  await page.getByRole('region', { name: 'Flow' }).getByRole('button', { name: 'Close flow' }).click()
  const listButton = accounts.getByRole('button', { name: 'List (1) ▾' })
  const account = accounts.getByRole('link', { name: /^400000\*{6}1234/ })
  await expect(listButton).toHaveAttribute('aria-expanded', 'false')
  await expect(account).toBeHidden()
  await listButton.click()
  await expect(account).toBeVisible()
  await expect(accounts.getByRole('button', { name: '+ New' })).toBeVisible()
  await accounts.getByRole('button', { name: 'Hide list ▴' }).click()
  await expect(account).toBeHidden()

  // Kept: a reload does not drop presenter mode in front of the audience.
  await page.reload()
  await expect(page.getByRole('banner').getByRole('button', { name: /^Tools/ })).toBeVisible()
  await openHeaderGroup(page, 'Explain & share')
  await expect(page.getByRole('button', { name: 'Presenter mode' })).toHaveAttribute('aria-pressed', 'true')
  await expect(listButton).toHaveAttribute('aria-expanded', 'false')
})

test('shows why a signature fails, step by step, and leaves the switch as it was', async ({ page }) => {
  await openConsole(page)
  const panel = await openFlows(page)
  await panel.getByRole('combobox', { name: 'Flow to run' }).selectOption('Why did my signature fail?')
  await panel.getByRole('button', { name: 'Run next step →' }).click()
  await expect(panel.getByText(/^Step 1: 201 Created/)).toBeVisible()
  await page.keyboard.press('ArrowRight')
  await expect(panel.getByText('Step 2: 200 OK: 0 transactions')).toBeVisible()
  await page.keyboard.press('ArrowRight')
  await expect(panel.getByText(/^Step 3: HTTP 401/)).toBeVisible()
  await expect(await signatureSwitch(page)).toHaveValue('bad-signature')
  // The table's own read is spoiled the same way: the audience sees the refusal where the data was.
  await expect(
    page.getByRole('main').getByRole('alert').filter({ hasText: 'Could not load transactions' }),
  ).toContainText('401')

  await panel.getByRole('button', { name: 'Close flow' }).click()
  await expect(await signatureSwitch(page)).toHaveValue('')
})

test('records what one just did, exports it and imports it; a bad file changes nothing', async ({ page }) => {
  await openConsole(page)
  // What one did starts here: the reads of what the sandbox already held (in proxy mode, what the worker's
  // other tests made) are cleared from the inspector, which the recording reads.
  const inspector = page.getByRole('region', { name: 'Request inspector' })
  await inspector.locator('summary.inspector-summary').click()
  await inspector.getByRole('button', { name: 'Clear' }).click()
  const panel = await openFlows(page)
  // A person runs the next step once the last one's outcome is on screen: the new account's empty view
  // after the create, its rows after the add. Pressed sooner, on a loaded machine, the table had read
  // nothing in between, and the recording below had no read of its own to leave out.
  const rows = page.getByRole('table', { name: /^Transactions of/ }).locator('tbody tr')
  const outcomes = [
    page.getByText(/^(This account has no transactions yet|No booked transactions)\.$/),
    rows.first(),
    rows.first(),
  ]
  for (const [index, outcome] of outcomes.entries()) {
    await page.keyboard.press('ArrowRight')
    await expect(panel.getByText(new RegExp(`^Step ${index + 1}: `))).toBeVisible()
    await expect(outcome).toBeVisible()
  }
  await panel.getByRole('button', { name: 'Record from requests' }).click()
  // The table's own reads after each step are offered too: what one did, as the sandbox saw it, each
  // ticked; the first read is left out here, by the keyboard.
  const recorder = page.getByRole('dialog', { name: 'Record a flow' })
  const requests = recorder.getByRole('checkbox')
  await expect(requests.first()).toBeChecked()
  await expect(recorder.getByRole('checkbox', { checked: false })).toHaveCount(0)
  const firstRead = recorder.getByRole('checkbox', { name: /^listTransactions GET / }).first()
  await firstRead.focus()
  await page.keyboard.press('Space')
  await expect(firstRead).not.toBeChecked()
  await page.keyboard.press('Enter')
  await expect(recorder).toBeHidden()
  await expect(panel.getByText(/^Recorded \d+ steps as "Recorded /)).toBeVisible()
  const chooser = panel.getByRole('combobox', { name: 'Flow to run' })
  await expect(chooser.locator('option')).toHaveCount(3)

  const download = page.waitForEvent('download')
  await panel.getByRole('button', { name: 'Export flow' }).click()
  const file = JSON.parse(readFileSync(await (await download).path(), 'utf8'))
  expect(file).toMatchObject({ format: 'sandbox-console', version: 3, kind: 'flows' })
  const actions: string[] = file.flows[0].steps.map((s: { action: string }) => s.action)
  expect(actions[0]).toBe('createAccount')
  expect(actions.filter((a) => a === 'addTransactions')).toHaveLength(1)
  expect(actions.at(-1)).toBe('readTransactions')

  const input = panel.getByLabel('Import flows file')
  await input.setInputFiles({
    name: 'data.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify({ ...file, kind: 'data' })),
  })
  await expect(panel.getByRole('alert')).toContainText('data.json was not imported; nothing changed.')
  await expect(panel.getByRole('alert')).toContainText(
    'The file is an offline data export; this import reads a flows file. Import it with Import JSON… in the sidebar (Offline mode).',
  )
  await expect(chooser.locator('option')).toHaveCount(3)

  file.flows[0].name = 'From a colleague'
  await input.setInputFiles({
    name: 'colleague.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(file)),
  })
  await expect(panel.getByText('Imported 1 flow from colleague.json.')).toBeVisible()
  await expect(chooser).toHaveValue('3')
  await expect(chooser.locator('option:checked')).toHaveText('From a colleague')
  await expect(panel.getByText(/^Next, step 1 of \d+: Create a card account/)).toBeVisible()
})

test('presenter mode with a flow open is accessible in both themes', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 })
  await openConsole(page)
  await openHeaderGroup(page, 'Explain & share')
  await page.getByRole('button', { name: 'Presenter mode' }).click()
  const panel = await openFlows(page)
  for (let step = 1; step <= 3; step++) {
    await page.keyboard.press('ArrowRight')
    await expect(panel.getByText(new RegExp(`^Step ${step}: `))).toBeVisible()
  }
  await expect(page.getByRole('heading', { name: /^Request \d+ of \d+$/ })).toBeVisible()
  await inEachTheme(page, async (theme) => {
    const rules = axeRulesIn(theme, true)
    if (rules !== undefined) await expectAccessible(page, `presenter mode (${theme}, ${rules})`, rules)
    await screenshot(page, `presenter-${theme}`)
    await keepScreenshot(page, `issue13-presenter-${theme}`)
  })
  await page.setViewportSize({ width: 800, height: 600 })
  await inEachTheme(page, (theme) => keepScreenshot(page, `presenter-${theme}-800`))
})

// A keyboard tester pressed → for step 1 in presenter mode, and the focus fell to the page's start: Run
// next step was disabled under it while the step ran.
test('the focus stays on Run next step while each step runs', async ({ page }) => {
  await openConsole(page)
  await page.keyboard.press('Alt+Shift+P')
  const panel = await openFlows(page)
  const next = panel.getByRole('button', { name: 'Run next step →' })
  await runFlowSteps(page, panel, 2, async () => {
    await expect(next).toBeEnabled()
    await expect(next).toBeFocused()
  })
})

test('at 800×600 Close flow gives the focus back to the Tools button that opened the flow', async ({
  page,
}) => {
  await page.setViewportSize({ width: 800, height: 600 })
  await openConsole(page)
  const panel = await openFlows(page)
  await runFlowSteps(page, panel, 1)
  await panel.getByRole('button', { name: 'Close flow' }).focus()
  await page.keyboard.press('Enter')
  await expect(panel).toBeHidden()
  await expect(page.getByRole('banner').getByRole('button', { name: /^Tools/ })).toBeFocused()
})

test('turned on and off from its menu by keyboard, the focus goes where the toggle went and it is said', async ({
  page,
}) => {
  await openConsole(page)
  const header = page.getByRole('banner')
  await header.getByRole('button', { name: 'Explain & share' }).focus()
  await page.keyboard.press('Enter')
  await page.keyboard.press('End')
  await expect(page.getByRole('button', { name: 'Presenter mode' })).toBeFocused()
  await page.keyboard.press('Enter')
  // At presenter mode's type size the groups fold into Tools, the button that now holds the toggle.
  await expect(header.getByRole('button', { name: /^Tools/ })).toBeFocused()
  await expect(page.getByRole('status').filter({ hasText: 'Presenter mode on' })).toHaveCount(1)

  await page.keyboard.press('Enter')
  await page.getByRole('button', { name: 'Presenter mode' }).focus()
  await page.keyboard.press('Enter')
  await expect(header.getByRole('button', { name: 'Explain & share' })).toBeFocused()
  await expect(page.getByRole('status').filter({ hasText: 'Presenter mode off' })).toHaveCount(1)
})
