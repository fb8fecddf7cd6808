// Conditions (faults, latency, quotas) in both modes: offline the in-browser sandbox applies them, in proxy
// mode the proxy does, before it forwards. Each test checks the exact answer and the inspector's badge.
import {
  badgedEntry,
  inspector,
  noTransactions,
  openLastRead,
  readUntilRefused,
  removeAllConditions,
  setCondition,
  transactionsError,
  withAccount,
} from './conditions-support'
import { expect, modeOf, test } from './fixtures'
import { screenshot } from './support'

// In proxy mode the rules a test saves hold for every account of the sandbox, which the worker's other
// tests share: a test that passed removes them through the panel (a failed test's worker, and its server,
// are replaced). Offline each test has a browser context, and so a sandbox, of its own: nothing to remove
// (Remove all offline is conditions.offline.spec.ts's timeout test's).
test.afterEach(async ({ page }, testInfo) => {
  if (modeOf(page) === 'proxy' && testInfo.status === testInfo.expectedStatus) await removeAllConditions(page)
})

test('503 with Retry-After: the exact answer, badged with its rule', async ({ page }) => {
  await withAccount(page)
  await setCondition(page, '500 / 503')
  const alert = transactionsError(page)
  await expect(alert).toContainText('Could not load transactions (HTTP 503)')
  await expect(alert).toContainText('SERVICE_UNAVAILABLE The service is unavailable; try again later')
  const entry = await openLastRead(page)
  await expect(entry.locator(':scope > summary')).toContainText(
    /listTransactions GET \/api\/v1\/sandbox\/card-accounts\/\S+ 503 \d+ ms Condition r1: 503 Retry-After 30 s/,
  )
  await expect(entry.locator('dl.headers').last()).toContainText(/retry-after\s*30/i)
  await expect(entry.locator('pre').last()).toHaveText(
    JSON.stringify(
      {
        tppMessages: [
          {
            category: 'ERROR',
            code: 'SERVICE_UNAVAILABLE',
            text: 'The service is unavailable; try again later',
          },
        ],
      },
      null,
      2,
    ),
  )
  await screenshot(page, 'condition-503')
})

test('500 without Retry-After', async ({ page }) => {
  await withAccount(page)
  await setCondition(page, '500 / 503', async (rule) => {
    await rule.getByLabel('Status').selectOption('500')
    await rule.getByLabel('Retry-After (s)').fill('')
  })
  await expect(transactionsError(page)).toContainText(
    'INTERNAL_SERVER_ERROR The service failed to answer the request',
  )
  const entry = await openLastRead(page)
  await expect(entry.locator(':scope > summary')).toContainText(/ 500 \d+ ms Condition r1: 500$/)
  await expect(entry.locator('dl.headers').last()).not.toContainText(/retry-after/i)
})

test('latency: the sandbox still answers, later, badged', async ({ page }) => {
  await withAccount(page)
  await setCondition(page, 'Latency', async (rule) => {
    await rule.getByLabel('Min ms').fill('300')
    await rule.getByLabel('Max ms').fill('300')
  })
  const entry = await badgedEntry(page)
  await expect(entry).toContainText(/listTransactions GET \S+ 200 \d+ ms Condition r1: latency 300 ms$/)
  const ms = Number((await entry.locator(':scope > summary').textContent())?.match(/ 200 (\d+) ms/)?.[1])
  expect(ms).toBeGreaterThanOrEqual(300)
  await expect(noTransactions(page)).toBeVisible()
})

test('connection reset: a network failure, named, and nothing retried behind the tester', async ({
  page,
}) => {
  await withAccount(page)
  await setCondition(page, 'Connection reset')
  await expect(transactionsError(page)).toContainText(
    /did not answer: network error \(.+\); Condition r1: connection reset dropped it/,
  )
  await inspector(page).locator('summary.inspector-summary').click()
  const dropped = inspector(page).locator('details.request').filter({ hasText: 'Condition r1' })
  // One request, dropped once: the transport neither restarted the worker nor sent it again.
  await expect(dropped).toHaveCount(1)
  await expect(dropped).toContainText(/listTransactions GET \S+ failed \d+ ms Condition r1: connection reset/)
  await screenshot(page, 'condition-reset')
})

test('a 429 ACCESS_EXCEEDED after the 4th read of the day (the PSD2 preset)', async ({ page }) => {
  await withAccount(page)
  await inspector(page).locator('summary.inspector-summary').click()
  await inspector(page).getByRole('button', { name: 'Clear' }).click()
  await readUntilRefused(page)
  await expect(transactionsError(page)).toContainText('Could not load transactions (HTTP 429)')
  // Whose day: offline the sandbox clock's, by proxy the proxy's machine's.
  const dayEnds =
    modeOf(page) === 'offline' ? "when the sandbox clock's day ends" : "at midnight, the proxy's local time"
  await expect(transactionsError(page)).toContainText(
    `ACCESS_EXCEEDED The access limit of 4 reads a day of this account is exceeded; it resets ${dayEnds}`,
  )
  const reads = inspector(page).locator('details.request').filter({ hasText: 'listTransactions' })
  // The four reads the sandbox counted: answered under the rule ("n of 4 reads left today"), or shown as
  // cancelled when the console gave up on one whose answer had begun (once, under load, such a read was
  // counted and not listed at all). Not a read of the new account's first view still on its way when the
  // test cleared the inspector (under load, two): answered before the rule, it names none.
  await expect(reads.filter({ hasText: /( \d of 4 reads left today| cancelled )/ })).toHaveCount(4)
  await expect(reads.first()).toContainText('429')
  await expect(reads.first()).toContainText('Condition r1: 429 after 4 reads a day')
})
