import { expectNothingBlocked } from './content-security-policy'
import { test } from './fixtures'

// Proxy project: the console as `npm start` serves it, under its CSP (server/security-headers.ts).
test('the console works under its content security policy: nothing is blocked', async ({ page }) => {
  await expectNothingBlocked(page)
})
