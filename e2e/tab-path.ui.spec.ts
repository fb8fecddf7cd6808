import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { createAccount, fillTestData, openConsole } from './support'

// The keyboard path from the sidebar's "+ New" (where focus returns after an account is created) to the
// account's main action. Without a way past them it crossed every account of the list (a link and its ×),
// the five data tools, the view's header, the status and both dates (four stops each): 19 Tab presses to an
// empty account's "+ Add transaction" (23 with a second account). Now the stop after "+ New" is a skip link.

/** What has focus, as a keyboard user hears it: the element, its role or type, and its name. */
async function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null
    if (!el) return 'nothing'
    const label =
      el.getAttribute('aria-label') ??
      (el.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : null) ??
      el.closest('label')?.textContent ??
      el.textContent ??
      ''
    const kind = el.getAttribute('type') ?? el.getAttribute('role') ?? el.tagName.toLowerCase()
    return `${el.tagName.toLowerCase()}[${kind}] ${label.trim().replace(/\s+/g, ' ').slice(0, 40)}`
  })
}

/** The stops Tab makes from the element focused now until `goal` matches one, that one included. */
async function tabPath(page: Page, goal: RegExp, most = 60): Promise<string[]> {
  const stops: string[] = []
  for (let i = 0; i < most; i++) {
    await page.keyboard.press('Tab')
    stops.push(await focused(page))
    if (goal.test(stops.at(-1) ?? '')) return stops
  }
  throw new Error(`not reached within ${most} Tab stops:\n${stops.join('\n')}`)
}

const fromNew = async (page: Page) => page.getByRole('button', { name: '+ New', exact: true }).focus()
const addTransaction = /^button\[button\] \+ Add transactions$/

test('after + New, one Tab offers the skip link and Enter lands on + Add transactions', async ({ page }) => {
  await openConsole(page)
  await createAccount(page, { maskedPan: '525412******3241' })
  await fromNew(page)
  const stops = await tabPath(page, addTransaction)
  // What Tab alone crosses is still there, in the order it is seen, for those who want it.
  test
    .info()
    .annotations.push({ type: 'Tab stops without the skip link', description: String(stops.length - 1) })
  expect(stops.slice(0, 2)).toEqual([
    'a[a] Skip to Add transactions',
    'a[a] 525412******3241NOK · no name · private',
  ])

  await fromNew(page)
  expect(await tabPath(page, /Skip to/)).toEqual(['a[a] Skip to Add transactions'])
  await page.keyboard.press('Enter')
  expect(await focused(page)).toBe('button[button] + Add transactions')
  // The empty account's own offer, in place of the header's.
  await expect(page.getByRole('button', { name: '+ Add transactions', exact: true })).toBeFocused()
})

test('with accounts full of rows, the skip link lands on the header’s + Add transactions', async ({
  page,
}) => {
  await openConsole(page)
  await fillTestData(page)
  // The account's rows on screen, as a user tabbing sees them: while its view still loads, the skip link
  // can only land on the main area (a full run under load pressed it then).
  await expect(page.locator('table.transactions tbody tr').first()).toBeVisible()
  await fromNew(page)
  expect(await tabPath(page, /Skip to/)).toEqual(['a[a] Skip to Add transactions'])
  await page.keyboard.press('Enter')
  expect(await focused(page)).toBe('button[button] + Add transactions')
})
