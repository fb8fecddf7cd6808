import type { Page } from '@playwright/test'
import { expect } from './fixtures'
import { fillTestData, openAccount, openConsole, tableRows } from './support'

/** What the console serves its pages with (server/security-headers.ts; vite preview gets the same). */
const POLICY_HEADERS = {
  'content-security-policy': expect.stringContaining("script-src 'self'"),
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
}

/**
 * Uses the console the way a tester does (load, test data, the table, the inspector) and checks the
 * browser blocked nothing under the page's CSP: no `securitypolicyviolation` event in the page, no
 * "Refused to ..." line in its console. Offline this covers the msw worker and signing in the page.
 */
export async function expectNothingBlocked(page: Page): Promise<void> {
  const refusals: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text())) {
      refusals.push(message.text())
    }
  })
  await page.addInitScript(() => {
    const seen: string[] = []
    Object.assign(window, { policyViolations: seen })
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile})`)
    })
  })

  const served = await page.request.get('/')
  expect(served.headers()).toMatchObject(POLICY_HEADERS)

  await openConsole(page)
  // Its own copy of the test data: in proxy mode the worker's sandbox holds other tests' accounts, and the
  // one shown first may have no rows.
  const [own = ''] = await fillTestData(page)
  await openAccount(page, own)
  expect(await tableRows(page)).not.toHaveLength(0)
  await page.getByText(/^Requests \(\d+\)/).click()
  await page.locator('.request > summary').first().click()
  await expect(page.locator('.request').first()).toContainText('x-request-id', { ignoreCase: true })

  const violations = await page.evaluate(
    () => (window as unknown as { policyViolations: string[] }).policyViolations,
  )
  expect(violations).toEqual([])
  expect(refusals).toEqual([])
}
