import { expectNothingBlocked } from './content-security-policy'
import { test } from './fixtures'

// Offline project: vite preview serves the same headers (vite.config.ts); the msw worker and the signing in
// the page must work under the CSP too.
test('offline, the console works under its content security policy: nothing is blocked', async ({ page }) => {
  await expectNothingBlocked(page)
})
