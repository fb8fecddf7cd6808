// What the share specs of both modes do: open Share…, copy a link, and read the link as the console would.
import { deflateRawSync, inflateRawSync } from 'node:zlib'
import type { Page } from '@playwright/test'
import { expect } from './fixtures'
import { openHeaderGroup } from './support'

export async function openShare(page: Page) {
  await openHeaderGroup(page, 'Explain & share')
  await page.getByRole('button', { name: 'Share…' }).click()
  return page.getByRole('dialog', { name: 'Share what you see' })
}

/** Copy link with one of the inspector's requests (the first whose option matches) or none. */
export async function copyLink(page: Page, request: RegExp | 'None'): Promise<string> {
  const dialog = await openShare(page)
  const select = dialog.getByLabel('Request to include')
  const option =
    request === 'None'
      ? 'None'
      : ((await select.locator('option', { hasText: request }).first().textContent()) ?? '')
  await select.selectOption({ label: option })
  await dialog.getByRole('button', { name: 'Copy link' }).click()
  // Offline, the dialog's notice about data that stays in this browser has a status of its own.
  await expect(dialog.getByRole('status').filter({ hasText: 'Link copied' })).toHaveText('Link copied')
  const link = await page.evaluate(() => navigator.clipboard.readText())
  await dialog.getByRole('button', { name: 'Close' }).click()
  return link
}

/** The JSON a link's `#share=` fragment carries (base64url of deflate-raw), as text. */
export function decodedFragment(link: string): string {
  const encoded = new URL(link).hash.replace(/^#share=/, '')
  return inflateRawSync(Buffer.from(encoded, 'base64url')).toString('utf8')
}

/** `link` carrying `payload` instead, encoded as the console encodes it: a link as anyone could write one. */
export function withPayload(link: string, payload: unknown): string {
  const url = new URL(link)
  url.hash = `share=${deflateRawSync(JSON.stringify(payload)).toString('base64url')}`
  return url.href
}
