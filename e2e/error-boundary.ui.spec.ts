import type { Locator, Page } from '@playwright/test'
import { type ConsoleMode, expect, test } from './fixtures'
import { fillAndOpenFirst, newAccountButton, openConsole, pages, screenshot } from './support'

const otherMode: Record<ConsoleMode, { value: ConsoleMode; label: string }> = {
  offline: { value: 'proxy', label: 'Proxy (/api → upstream)' },
  proxy: { value: 'offline', label: 'Offline (in-browser)' },
}

/**
 * Arms the injected fault and clicks in one task of the page: a render the app starts by itself (a refetch, a
 * service worker coming in) cannot throw first and take the control away before the click.
 */
async function armFaultAndClick(control: Locator) {
  await control.evaluate((element: HTMLElement) => {
    Object.assign(window, { armFault: true })
    element.click()
  })
}

/** The inspector's entries for errors of the app itself (not requests). */
async function openAppErrors(page: Page) {
  const inspector = page.getByRole('region', { name: 'Request inspector' })
  await inspector.getByText(/^Requests \(\d+\)/).click()
  return inspector.locator('details.app-error')
}

test('a dialog whose chunk cannot be loaded says so and offers a reload; the rest of the console works', async ({
  page,
}) => {
  await openConsole(page)
  // What a tab left open across a rebuild meets: the chunk it knows by name is gone. The context's route
  // also sees what the offline mode's service worker fetches on the page's behalf.
  const chunk = '**/assets/NewAccountDialog-*.js'
  await page.context().route(chunk, (route) => route.abort())

  await newAccountButton(page).click()
  const dialog = page.getByRole('dialog', { name: 'New card account' })
  await expect(dialog.getByRole('alert')).toContainText('This dialog could not be loaded.')
  await expect(dialog.getByRole('button', { name: 'Reload' })).toBeVisible()
  await screenshot(page, 'chunk-failed')
  await dialog.getByRole('button', { name: 'Close' }).last().click()
  await expect(dialog).toBeHidden()

  // Everything else still works, and the inspector tells what happened.
  await fillAndOpenFirst(page)
  await expect(pages(page)).toContainText('Rows 1–9 of 9')
  const errors = await openAppErrors(page)
  await expect(errors).toHaveCount(1)
  await expect(errors.first()).toContainText('App error ChunkLoadError: could not load a part of the console')
  await errors.first().locator('summary').click()
  await expect(errors.first()).toContainText('Component stack')
  // Production names are minified, but the stack says where React was.
  await expect(errors.first().locator('pre')).toContainText('at ')

  // Reload brings the dialog once its chunk can be fetched again.
  await page.context().unroute(chunk)
  await page.getByRole('button', { name: '+ New', exact: true }).click()
  await dialog.getByRole('button', { name: 'Reload' }).click()
  await expect(page.getByRole('heading', { name: 'Card accounts', exact: true })).toBeVisible()
  await page.getByRole('button', { name: '+ New', exact: true }).click()
  await expect(dialog.getByLabel('Masked PAN')).toBeVisible()
})

test('a render error shows the recovery screen, with a reload, the other mode and the inspector', async ({
  page,
  consoleMode,
}) => {
  // A fault from outside the app's code: once armed, Number#toLocaleString throws, as a broken polyfill or
  // extension could make it. The table's pagination calls it while rendering.
  await page.addInitScript(() => {
    const original = Number.prototype.toLocaleString
    Object.assign(window, { armFault: false })
    Number.prototype.toLocaleString = function (this: number, ...args: Parameters<typeof original>) {
      if ((window as unknown as { armFault: boolean }).armFault) throw new Error('Injected render fault')
      return original.apply(this, args)
    }
  })
  await openConsole(page)
  await fillAndOpenFirst(page)
  await expect(pages(page)).toContainText('Rows 1–9 of 9')

  await armFaultAndClick(page.getByRole('radio', { name: 'both' }))

  await expect(page.getByRole('heading', { name: 'The console stopped' })).toBeVisible()
  await expect(page.getByRole('alert')).toContainText('The error: Injected render fault')
  await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible()
  const other = otherMode[consoleMode]
  await expect(page.getByRole('button', { name: `Switch to ${other.label}` })).toBeVisible()
  // The offline store's own recovery exists only where the data is in this browser.
  await expect(page.getByRole('button', { name: 'Export JSON' })).toHaveCount(
    consoleMode === 'offline' ? 1 : 0,
  )
  const errors = await openAppErrors(page)
  await expect(errors.first()).toContainText('App error Error: Injected render fault')
  await screenshot(page, 'recovery-screen')

  // A reload without the fault gives back the console and its data.
  await page.evaluate(() => Object.assign(window, { armFault: false }))
  await page.getByRole('button', { name: 'Reload' }).click()
  await expect(page.getByRole('heading', { name: 'Card accounts', exact: true })).toBeVisible()
  await expect(pages(page)).toContainText('Rows 1–12 of 12')

  // The mode switch of the recovery screen: the console comes back in the other mode.
  await armFaultAndClick(page.getByRole('radio', { name: 'pending' }))
  await expect(page.getByRole('heading', { name: 'The console stopped' })).toBeVisible()
  await page.getByRole('button', { name: `Switch to ${other.label}` }).click()
  await expect(page.getByRole('combobox', { name: 'Mode' })).toHaveValue(other.value)
})
