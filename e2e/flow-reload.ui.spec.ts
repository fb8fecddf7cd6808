import type { Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { openConsole, openFlows, openHeaderGroup, runFlowSteps } from './support'

// A support engineer on a projector reloaded at step 3 of "Why did my signature fail?": the flow was gone,
// the header still said "Signature: bad signature" and every read answered 401, and Flows… started over with
// a new account. A flow is this tab's across its reloads, as the mode and the Signature switch are.

/** The header's badge of a spoiled signature, there while the Signature switch is on. */
const signatureBadge = (page: Page) => page.getByRole('banner').getByText(/Signature: /)
/** The status line above the filters: the main area's last message, shown to the eye. */
const statusLine = (page: Page) => page.getByRole('main').locator('.status-message')
const refusal = (page: Page) =>
  page.getByRole('main').getByRole('alert').filter({ hasText: 'Could not load transactions' })

async function signatureFlow(page: Page, steps: number): Promise<Locator> {
  const panel = await openFlows(page)
  await panel.getByRole('combobox', { name: 'Flow to run' }).selectOption('Why did my signature fail?')
  await expect(panel.getByRole('button', { name: 'Run next step →' })).toBeFocused()
  await runFlowSteps(page, panel, steps)
  return panel
}

test('a reload mid-flow brings the flow back at its step; Close flow still puts the switch back', async ({
  page,
}) => {
  await openConsole(page)
  let panel = await signatureFlow(page, 3)
  await expect(panel.getByText(/^Step 3: HTTP 401/)).toBeVisible()
  await expect(signatureBadge(page)).toHaveText(/bad signature/)
  const account = new URL(page.url()).searchParams.get('account')

  await page.reload()
  panel = page.getByRole('region', { name: 'Flow' })
  await expect(panel.getByText(/^Next, step 4 of 6: No Digest header/)).toBeVisible()
  await expect(panel.getByText(/^Step 3: HTTP 401/)).toBeVisible()
  await expect(panel.getByRole('combobox', { name: 'Flow to run' })).toHaveValue('1')
  // The spoiled switch is the flow's, said by it; the table's read fails as the step's did.
  await expect(signatureBadge(page)).toHaveText(/bad signature/)
  await expect(refusal(page)).toContainText('401')
  await expect(statusLine(page)).toHaveText(/^Step 3: HTTP 401/)
  // The keys are the flow's again at once, and the next step reads the account the flow created.
  await expect(panel.getByRole('button', { name: 'Run next step →' })).toBeFocused()
  await page.keyboard.press('ArrowRight')
  await expect(panel.getByText(/^Step 4: HTTP 401/)).toBeVisible()
  expect(new URL(page.url()).searchParams.get('account')).toBe(account)
  await expect(signatureBadge(page)).toHaveText(/missing digest/i)

  await page.reload()
  await expect(panel.getByText(/^Step 4: HTTP 401/)).toBeVisible()
  await panel.getByRole('button', { name: 'Close flow' }).click()
  await expect(panel).toHaveCount(0)
  await expect(signatureBadge(page)).toHaveCount(0)
  await expect(refusal(page)).toHaveCount(0)
  await expect(statusLine(page)).toHaveCount(0)
  // Closed is closed: the next reload opens no flow.
  await page.reload()
  await expect(page.locator('#account-heading')).toBeVisible()
  await expect(panel).toHaveCount(0)
  await expect(signatureBadge(page)).toHaveCount(0)
})

test('← shows the step it goes back to: one message, the switch and the table as that step left them', async ({
  page,
}) => {
  await openConsole(page)
  const panel = await signatureFlow(page, 6)
  await expect(statusLine(page)).toHaveText('Step 6: 200 OK: 0 transactions')
  for (let back = 0; back < 3; back++) await page.keyboard.press('ArrowLeft')
  await expect(panel.getByText(/^Next, step 4 of 6/)).toBeVisible()
  await expect(panel.getByText(/^Step 3: HTTP 401/)).toBeVisible()
  await expect(statusLine(page)).toHaveText(/^Step 3: HTTP 401/)
  await expect(signatureBadge(page)).toHaveText(/bad signature/)
  await expect(refusal(page)).toContainText('401')

  // And so after a reload there.
  await page.reload()
  await expect(panel.getByText(/^Step 3: HTTP 401/)).toBeVisible()
  await expect(statusLine(page)).toHaveText(/^Step 3: HTTP 401/)
  await expect(signatureBadge(page)).toHaveText(/bad signature/)

  await page.keyboard.press('ArrowLeft')
  await expect(statusLine(page)).toHaveText('Step 2: 200 OK: 0 transactions')
  await expect(signatureBadge(page)).toHaveCount(0)
  await expect(refusal(page)).toHaveCount(0)
  await page.keyboard.press('ArrowLeft')
  await page.keyboard.press('ArrowLeft')
  // Back at the start: no step's message, and the switch as the flow found it.
  await expect(panel.getByText(/^Next, step 1 of 6/)).toBeVisible()
  await expect(panel.getByText(/^Step \d: /)).toHaveCount(0)
  await expect(statusLine(page)).toHaveCount(0)
  await expect(signatureBadge(page)).toHaveCount(0)
})

test("the browser's Back and Forward leave the flow where it is; its message shows on its own account", async ({
  page,
}) => {
  await openConsole(page)
  // Step 1 twice, as a presenter starting over does: two accounts, the second a history entry after the first.
  let panel = await signatureFlow(page, 1)
  const firstRun = page.url()
  await page.keyboard.press('ArrowLeft')
  await expect(panel.getByText(/^Next, step 1 of 6/)).toBeVisible()
  await runFlowSteps(page, panel, 3)
  const secondRun = page.url()
  expect(secondRun).not.toBe(firstRun)
  await expect(statusLine(page)).toHaveText(/^Step 3: HTTP 401/)

  await page.goBack()
  await expect.poll(() => page.url()).toBe(firstRun)
  // The flow stays at its step; its message stays with its own account.
  await expect(panel.getByText(/^Step 3: HTTP 401/)).toBeVisible()
  await expect(statusLine(page)).toHaveCount(0)
  await page.reload()
  panel = page.getByRole('region', { name: 'Flow' })
  await expect(panel.getByText(/^Step 3: HTTP 401/)).toBeVisible()
  await expect(statusLine(page)).toHaveCount(0)
  await page.goForward()
  await expect.poll(() => page.url()).toBe(secondRun)
  await expect(refusal(page)).toContainText('401')
  // ← goes to step 2 on the flow's account, and says so.
  await expect(panel.getByRole('button', { name: 'Run next step →' })).toBeFocused()
  await page.keyboard.press('ArrowLeft')
  await expect(statusLine(page)).toHaveText('Step 2: 200 OK: 0 transactions')
  await expect(refusal(page)).toHaveCount(0)
  expect(page.url()).toBe(secondRun)
})

test('presenter mode at 800×600, keys only: the flow comes back after a reload, in sight', async ({
  page,
}) => {
  await page.setViewportSize({ width: 800, height: 600 })
  await openConsole(page)
  await page.keyboard.press('Alt+Shift+P')
  await openHeaderGroup(page, 'Explain & share')
  await page.getByRole('button', { name: 'Flows…' }).click()
  const panel = page.getByRole('region', { name: 'Flow' })
  const picker = panel.getByRole('combobox', { name: 'Flow to run' })
  await picker.selectOption('Why did my signature fail?')
  await runFlowSteps(page, panel, 3)

  await page.reload()
  await expect(page.locator(':root')).toHaveAttribute('data-presenter', 'on')
  await expect(panel.getByText(/^Step 3: HTTP 401/)).toBeInViewport()
  await expect(panel.getByRole('button', { name: 'Run next step →' })).toBeFocused()
  await expect(panel.getByRole('button', { name: 'Close flow' })).toBeInViewport()
  await expect(signatureBadge(page)).toHaveText(/bad signature/)
  await page.keyboard.press('ArrowLeft')
  await expect(panel.getByText('Step 2: 200 OK: 0 transactions')).toBeInViewport()
  await expect(signatureBadge(page)).toHaveCount(0)
  await page.keyboard.press('ArrowRight')
  await expect(panel.getByText(/^Step 3: HTTP 401/)).toBeInViewport()
  // Close flow by the keyboard: Tab from ← Back and Run next step reaches it.
  await panel.getByRole('button', { name: 'Close flow' }).focus()
  await page.keyboard.press('Enter')
  await expect(panel).toHaveCount(0)
  await expect(signatureBadge(page)).toHaveCount(0)
})

test('what this tab kept of a flow, unreadable, opens the panel with the switch put back', async ({
  page,
}) => {
  await openConsole(page)
  await signatureFlow(page, 3)
  await page.evaluate(() => sessionStorage.setItem('sandbox-console.flow-run', '{"v":1,"at":"three"'))
  await page.reload()
  const panel = page.getByRole('region', { name: 'Flow' })
  await expect(panel.getByRole('status')).toHaveText(
    'The flow this tab was running could not be read back: pick it to run it again from step 1. The Signature switch is back to "Correct".',
  )
  await expect(panel.getByText(/^Next, step 1 of /)).toBeVisible()
  await expect(signatureBadge(page)).toHaveCount(0)
  await expect(refusal(page)).toHaveCount(0)
  await panel.getByRole('button', { name: 'Close flow' }).click()
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Card accounts', exact: true })).toBeVisible()
  await expect(panel).toHaveCount(0)
})
