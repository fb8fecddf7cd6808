import { expect, test } from './fixtures'
import { fillTestData, openConsole } from './support'

// By proxy, where the trace carries the TPP certificate (offline the stand-in answers with the same header).
test('the inspector folds the multi-KB trace header and shows bodies at reading size', async ({ page }) => {
  await openConsole(page)
  await fillTestData(page)
  await page.getByText(/^Requests \(\d+\)/).click()
  await page.locator('.request > summary').first().click()
  const request = page.locator('.request[open]').first()

  const trace = request
    .locator('.headers div')
    .filter({ has: page.locator('dt', { hasText: /^x-console-trace$/i }) })
  const folded = trace.locator('details.long-header')
  await expect(folded.locator('summary')).toHaveText(/… \([\d,]+ characters\)$/)
  await expect(folded).not.toHaveAttribute('open')
  await folded.locator('summary').click()
  await expect(folded).toHaveAttribute('open')

  const bodySize = await request
    .locator('.request-body pre')
    .first()
    .evaluate((pre) => Number.parseFloat(getComputedStyle(pre).fontSize))
  expect(bodySize).toBeGreaterThanOrEqual(12)
})
