import type { Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures'
import {
  axeViolations,
  fillTestData,
  type HeaderGroup,
  newAccountButton,
  openAccountButton,
  openConsole,
  openHeaderGroup,
  screens,
  showHeaderTools,
} from './support'

// Issue 19: every dialog passes axe in both themes, at the laptop's size and the smallest one. One page per
// theme and size opens them in turn over the fixed test data (a fresh page per dialog would cost the suite
// minutes), and axe checks the open dialog alone: the page around it is a11y.ui.spec.ts's. Offline, the mode
// with every dialog but the proxy's Connection and Copy to offline (their specs are proxy-only).

interface DialogCase {
  name: string
  /** Opens the dialog and answers it once its content (a lazily loaded chunk, an answer) is there. */
  open: (page: Page) => Promise<Locator>
  /** Unless Escape does: a dialog left asking whether to discard what was typed. */
  close?: (dialog: Locator) => Promise<void>
}

/** Errors and the discard question have colours of their own: the form dialogs are checked showing them. */
async function askingToDiscard(page: Page, dialog: Locator, error: Locator): Promise<Locator> {
  await expect(error).toBeVisible()
  await page.keyboard.press('Escape')
  return shown(dialog, dialog.getByRole('button', { name: 'Keep editing' }))
}

const discard = (dialog: Locator) => dialog.getByRole('button', { name: 'Discard' }).click()

const modal = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name })

/** A header tool: in its group when wide (Help stands alone), in the Tools menu when narrow. */
async function headerTool(page: Page, group: HeaderGroup | undefined, name: string | RegExp) {
  if (group === undefined) await showHeaderTools(page)
  else await openHeaderGroup(page, group)
  await page.getByRole('banner').getByRole('button', { name }).click()
}

async function shown(dialog: Locator, content: Locator): Promise<Locator> {
  await expect(content).toBeVisible()
  return dialog
}

const dialogs: DialogCase[] = [
  {
    name: 'New card account',
    open: async (page) => {
      await newAccountButton(page).click()
      const dialog = modal(page, 'New card account')
      await dialog.getByLabel('Masked PAN').fill('1234')
      await dialog.getByRole('button', { name: 'Create account' }).click()
      return askingToDiscard(page, dialog, dialog.getByText('Masked PAN must be 12 to 19 characters'))
    },
    close: discard,
  },
  {
    name: 'Open card account',
    open: async (page) => {
      await openAccountButton(page).click()
      const dialog = modal(page, 'Open card account')
      await dialog.getByLabel('Card account id or link').fill('no-such-account')
      await dialog.getByRole('button', { name: 'Open account' }).click()
      return shown(dialog, dialog.getByText(/^This sandbox has no card account no-such-account/))
    },
  },
  {
    name: 'Add transactions',
    open: async (page) => {
      await page.getByRole('button', { name: '+ Add transactions', exact: true }).click()
      const dialog = modal(page, /^Add transactions/)
      await dialog.getByLabel('Row 1 amount', { exact: true }).fill('12,5')
      await dialog.getByRole('button', { name: 'Add transaction', exact: true }).click()
      const amount = dialog.getByLabel('Row 1 amount', { exact: true })
      await expect(amount).toHaveAttribute('aria-invalid', 'true')
      return askingToDiscard(page, dialog, amount)
    },
    close: discard,
  },
  {
    name: 'Generate transactions',
    open: async (page) => {
      await page.getByRole('main').getByRole('button', { name: 'Generate…' }).click()
      const dialog = modal(page, 'Generate transactions')
      return shown(dialog, dialog.getByRole('button', { name: /^Generate/ }).last())
    },
  },
  {
    name: 'Settle pending transactions',
    open: async (page) => {
      await page.getByRole('button', { name: 'Settle pending…' }).click()
      const dialog = modal(page, 'Settle pending transactions')
      return shown(dialog, dialog.getByRole('button', { name: 'Settle as booked' }))
    },
  },
  {
    name: 'Delete transaction',
    open: async (page) => {
      const details = page.getByRole('button', { name: /^Details of transaction / }).first()
      if ((await details.getAttribute('aria-expanded')) !== 'true') await details.click()
      await page.getByRole('button', { name: /^Delete transaction .*…$/ }).click()
      const dialog = modal(page, /^Delete transaction /)
      return shown(dialog, dialog.getByRole('button', { name: 'Delete transaction' }))
    },
  },
  {
    name: 'Delete card account',
    open: async (page) => {
      await page.getByRole('button', { name: 'Delete account…' }).click()
      const dialog = modal(page, 'Delete card account')
      return shown(dialog, dialog.getByRole('button', { name: 'Delete account' }))
    },
  },
  {
    name: 'Remove from the book',
    open: async (page) => {
      await page
        .getByRole('button', { name: /^Remove .* from the book$/ })
        .first()
        .click()
      const dialog = modal(page, 'Remove from the book')
      return shown(dialog, dialog.getByRole('button', { name: 'Remove from book' }))
    },
  },
  {
    name: 'Sandbox clock',
    open: async (page) => {
      await headerTool(page, 'Test conditions', /^Sandbox clock/)
      const dialog = modal(page, 'Sandbox clock')
      return shown(dialog, dialog.getByTestId('clock-today'))
    },
  },
  {
    name: 'Conditions',
    open: async (page) => {
      await headerTool(page, 'Test conditions', /^Faults, delays and quotas/)
      const dialog = modal(page, 'Conditions')
      return shown(dialog, dialog.getByRole('button').last())
    },
  },
  {
    name: 'Explain a request',
    open: async (page) => {
      await headerTool(page, 'Explain & share', 'Explain a request…')
      const dialog = modal(page, 'Explain a request')
      return shown(dialog, dialog.getByRole('button', { name: 'Diagnose' }))
    },
  },
  {
    name: 'Share what you see',
    open: async (page) => {
      await headerTool(page, 'Explain & share', 'Share…')
      const dialog = modal(page, 'Share what you see')
      return shown(dialog, dialog.getByRole('button', { name: 'Copy link' }))
    },
  },
  {
    name: 'Help',
    open: async (page) => {
      await headerTool(page, undefined, 'Help')
      const dialog = modal(page, 'Help')
      return shown(dialog, dialog.getByRole('heading').last())
    },
  },
  {
    name: 'Scenarios',
    open: async (page) => {
      await page.getByRole('complementary').getByRole('button', { name: 'Scenarios…' }).click()
      const dialog = modal(page, 'Scenarios')
      // With its question: loading replaces the whole offline state.
      await dialog.getByRole('button', { name: 'Load Empty private customer', exact: true }).click()
      const question = dialog.getByRole('region', { name: 'Load Empty private customer?' })
      return shown(dialog, question.getByRole('button', { name: 'Replace and load' }))
    },
  },
  {
    name: 'Reset sandbox data',
    open: async (page) => {
      await page.getByRole('button', { name: 'Reset…' }).click()
      const dialog = modal(page, 'Reset sandbox data')
      return shown(dialog, dialog.getByRole('button', { name: 'Delete everything' }))
    },
  },
  {
    name: 'Import sandbox data',
    open: async (page) => {
      const chooser = page.waitForEvent('filechooser')
      await page.getByRole('button', { name: 'Import JSON…' }).click()
      await (await chooser).setFiles({
        name: 'empty.json',
        mimeType: 'application/json',
        buffer: Buffer.from('{"format":"sandbox-console/v1","cardAccounts":[]}'),
      })
      const dialog = modal(page, 'Import sandbox data')
      return shown(dialog, dialog.getByRole('button', { name: 'Replace and import' }))
    },
  },
]

for (const size of screens)
  for (const theme of ['light', 'dark'] as const) {
    test.describe(`${theme} theme at ${size.name}`, () => {
      test.use({ colorScheme: theme === 'dark' ? 'light' : 'dark', viewport: size.viewport }) // the toggle must win over the system

      test('every dialog in turn', async ({ page }) => {
        // A cap on how long a stuck run takes to fail: seventeen dialogs and their axe passes on shared cores.
        test.setTimeout(180_000)
        await openConsole(page, '', theme)
        await fillTestData(page)
        await page.getByRole('radio', { name: 'both' }).check()

        for (const { name, open, close } of dialogs) {
          const dialog = await open(page)
          // Soft: one run names every dialog's violations, not the first dialog's only.
          expect.soft(await axeViolations(page, 'dialog[open]'), `axe violations in ${name}`).toEqual([])
          if (close) await close(dialog)
          else await page.keyboard.press('Escape')
          await expect(dialog).toBeHidden()
        }

        // Flows is a panel beside the page, not a modal dialog: it closes by its own button.
        await headerTool(page, 'Explain & share', 'Flows…')
        const flows = page.getByRole('region', { name: 'Flow' })
        await expect(flows.getByRole('button', { name: 'Run next step →' })).toBeFocused()
        expect.soft(await axeViolations(page, '.flow-panel'), 'axe violations in Flows').toEqual([])
        await flows.getByRole('button', { name: 'Close flow' }).click()
        await expect(flows).toBeHidden()
      })
    })
  }
