import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { startConsoleServer } from '../server/test-support/console-process'
import { expect, test } from './fixtures'
import { accountLinks, confirmPermanentFill, pages, tableRows } from './support'

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
