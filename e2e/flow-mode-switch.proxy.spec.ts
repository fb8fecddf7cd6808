import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { openConsole, openFlows, runFlowSteps } from './support'

// A mode switch is a reload in the other mode, whose sandbox does not hold the account the flow's steps
// made: the flow comes back from its step 1 there, and what its steps changed is put back. The console
// server of the proxy project serves both modes.
const signatureBadge = (page: Page) => page.getByRole('banner').getByText(/Signature: /)

test('a mode switch mid-flow keeps the flow, from step 1, with the Signature switch put back', async ({
  page,
}) => {
  await openConsole(page)
  let panel = await openFlows(page)
  await panel.getByRole('combobox', { name: 'Flow to run' }).selectOption('Why did my signature fail?')
  await runFlowSteps(page, panel, 3)
  await expect(signatureBadge(page)).toHaveText(/bad signature/)

  const mode = page.getByRole('combobox', { name: 'Mode' })
  await mode.selectOption('offline')
  await expect(mode).toHaveValue('offline')
  panel = page.getByRole('region', { name: 'Flow' })
  await expect(panel.getByRole('status')).toHaveText(
    'This flow ran to step 3 in Proxy (/api → upstream), whose sandbox holds its account: here it starts again from step 1. The Signature switch is back to "Correct", as it was before the flow.',
  )
  await expect(panel.getByRole('combobox', { name: 'Flow to run' })).toHaveValue('1')
  await expect(panel.getByText(/^Next, step 1 of 6/)).toBeVisible()
  await expect(signatureBadge(page)).toHaveCount(0)
  await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0)

  await panel.getByRole('button', { name: 'Run next step →' }).focus()
  await runFlowSteps(page, panel, 3)
  await expect(signatureBadge(page)).toHaveText(/bad signature/)
  // Said once: a step run here makes the words about the start stale.
  await expect(panel.getByRole('status')).toHaveCount(0)
  // Reloaded in this mode, the run here comes back at its step.
  await page.reload()
  await expect(panel.getByText(/^Step 3: HTTP 401/)).toBeVisible()
  await expect(panel.getByRole('status')).toHaveCount(0)

  await mode.selectOption('proxy')
  await expect(mode).toHaveValue('proxy')
  await expect(panel.getByRole('status')).toHaveText(/^This flow ran to step 3 in Offline \(in-browser\)/)
  await expect(signatureBadge(page)).toHaveCount(0)
  await panel.getByRole('button', { name: 'Close flow' }).click()
  await expect(panel).toHaveCount(0)
})
