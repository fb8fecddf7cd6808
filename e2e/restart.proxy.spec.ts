import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { startConsoleServer } from '../server/test-support/console-process'
import { expect, PLATFORM_UPSTREAM, test } from './fixtures'
import { accountLinks, confirmPermanentFill, fillAndOpenFirst, pages, screenshot, tableRows } from './support'

// Proxy only: the local sandbox behind `npm start` keeps its data in a folder (SANDBOX_DATA), so a restart
// of the console's server on the same folder answers with what was made before it.

for (const personality of ['console', 'platform'] as const) {
  // The platform's shape lists no accounts: the sidebar is the console's account book, which must outlive
  // the local upstream's port, new at each start.
  test(`restart keeps proxy-mode data (${personality} personality): a reload shows the same rows and accounts`, async ({
    page,
  }) => {
    await restartKeepsData(page, { SANDBOX_PERSONALITY: personality }, `npm-start-${personality}.json`)
  })
}

async function restartKeepsData(page: Page, env: Record<string, string>, dataFile: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-restart-'))
  try {
    let server = await startConsoleServer({ ...env, SANDBOX_DATA: dataDir })
    const port = new URL(server.url).port
    let before: string[]
    try {
      await page.goto(server.url)
      await expect(page.getByRole('combobox', { name: 'Mode' })).toHaveValue('proxy')
      await page.getByRole('main').getByRole('button', { name: 'Fill test data' }).click()
      // The platform's shape has no deletes: the console asks before writing there.
      if (env.SANDBOX_PERSONALITY === 'platform') await confirmPermanentFill(page)
      await expect(pages(page)).toContainText('Rows 1–')
      before = await tableRows(page)
      expect(before.length).toBeGreaterThan(0)
    } finally {
      await server.stop()
    }

    server = await startConsoleServer({ ...env, SANDBOX_DATA: dataDir, PORT: port })
    try {
      expect(server.output()).toContain(`data: ${join(dataDir, dataFile)} (2 card accounts`)
      await page.reload()
      await expect(pages(page)).toContainText('Rows 1–')
      expect(await tableRows(page)).toEqual(before)
      await expect(accountLinks(page)).toHaveCount(2)
    } finally {
      await server.stop()
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

// The page stays open across the restart: it learns of it from its next answer, not from a reload.
test('a restart onto another personality: the next answer makes the console read everything again', async ({
  page,
}) => {
  let server = await startConsoleServer()
  const port = new URL(server.url).port
  const chart = page.getByRole('region', { name: 'Transactions over time' })
  try {
    await page.goto(server.url)
    await fillAndOpenFirst(page)
    await page.getByRole('radio', { name: 'both' }).check()
    await expect(chart.getByText(/^12 transactions: /)).toHaveText(/^12 transactions: 9 booked, 3 pending/)
    await expect(page.getByRole('button', { name: 'Delete account…' })).toBeVisible()
    await page.getByRole('radio', { name: 'booked' }).check()
  } finally {
    await server.stop()
  }
  server = await startConsoleServer({ ...PLATFORM_UPSTREAM, PORT: port })
  try {
    // No click: the console's next word with the proxy (a read, or the conditions it polls every 5 s) tells
    // it, and a click could land on a table already gone.
    await expect(page.getByRole('status')).toHaveText(
      'The proxy now serves another sandbox: the console read it again',
    )
    // The platform's sandbox has no deletes, and none of the old sandbox's account: nothing of it stays.
    await expect(page.getByRole('button', { name: 'Delete account…' })).toHaveCount(0)
    await expect(chart.getByText(/^12 transactions: /)).toHaveCount(0)
    // As a reload would show it: the account of the view is not in this sandbox, but in the one before,
    // which the account book names by its data file.
    const notHere = page.getByRole('alert').filter({
      has: page.getByRole('heading', { name: 'Card account of another sandbox' }),
    })
    await expect(notHere).toContainText(
      /when the proxy served the local sandbox, data in .+\.json\. It now serves the local sandbox, data in .+\.json, which has no card account with this id/,
    )
    await screenshot(page, 'restart-other-sandbox')
    await notHere.getByRole('button', { name: 'Back to the account list' }).click()
    await expect(page).not.toHaveURL(/account=/)
  } finally {
    await server.stop()
  }
})

/**
 * The console on a new sandbox's first account, filled, its server then stopped (`whileStopped`) and started
 * again on the same port and data (`onceStarted`): a restart as `npm start` has it.
 */
async function restartUnder(
  page: Page,
  whileStopped: () => Promise<void>,
  onceStarted: () => Promise<void>,
): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-restart-'))
  try {
    let server = await startConsoleServer({ SANDBOX_DATA: dataDir })
    const port = new URL(server.url).port
    try {
      await page.goto(server.url)
      await fillAndOpenFirst(page)
      await expect(pages(page)).toContainText('Rows 1–')
      await expect(page.getByRole('banner').getByText('Proxy not answering')).toHaveCount(0)
    } finally {
      await server.stop()
    }
    await whileStopped()
    server = await startConsoleServer({ SANDBOX_DATA: dataDir, PORT: port })
    try {
      await onceStarted()
    } finally {
      await server.stop()
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

// The page's clock (page.clock) runs as time does, but where a test waits for the console's own timers, the
// conditions' poll every 5 s and the question to a silent proxy every 2 s (src/api/proxy-return.ts), it
// jumps ahead by one period: the timers fire as they would after that time idle, and the run does not sit
// through it.
const CONDITIONS_POLL_MS = 5_000
const ASK_AGAIN_MS = 2_000

test('while the proxy does not answer the header says so, and stops once it answers again', async ({
  page,
}) => {
  const silent = page.getByRole('banner').getByText('Proxy not answering')
  await page.clock.install()
  await restartUnder(
    page,
    async () => {
      await page.getByRole('radio', { name: 'both' }).check()
      await expect(silent).toBeVisible()
      await screenshot(page, 'proxy-not-answering')
    },
    async () => {
      // Nothing clicked: the console asks the proxy until it answers, then reads the failed table again.
      await page.clock.fastForward(ASK_AGAIN_MS)
      await expect(silent).toHaveCount(0)
      await expect(pages(page)).toContainText('Rows 1–')
    },
  )
})

// A tester stopped the server and did nothing: the poll of the conditions failed every 5 s, and the header
// stayed calm until a click.
test('an idle console notices the proxy stopped, with no click, and that it is back', async ({ page }) => {
  const silent = page.getByRole('banner').getByText('Proxy not answering')
  await page.clock.install()
  await restartUnder(
    page,
    async () => {
      await page.clock.fastForward(CONDITIONS_POLL_MS)
      await expect(silent).toBeVisible()
    },
    async () => {
      await page.clock.fastForward(ASK_AGAIN_MS)
      await expect(silent).toHaveCount(0)
      await expect(pages(page)).toContainText('Rows 1–')
    },
  )
})
