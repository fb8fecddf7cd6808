// The console with one stored account and the sidebar's Import JSON…, for the import refusal's tests
// (src/features/data-tools/import-refusal*.test.tsx): the quick ones and the slow lane's 130,000 rows.
import { screen, within } from '@testing-library/react'
import { expect } from 'vitest'
import { startConsole } from './render'
import { seedAccount } from './seed'

/** The whole console with one stored account, listed in the sidebar, and the sidebar's Import JSON… */
export async function consoleWithAnAccount() {
  const app = await startConsole()
  const account = await seedAccount(app.sandbox, { name: 'Travel' })
  app.renderApp()
  await within(accountList()).findByRole('link', { name: /^525412\*{6}3241/ })
  // The sidebar's Data tools come once the account's first page is on screen.
  const picker = await screen.findByLabelText('Import JSON file')
  const importFile = (name: string, content: string) =>
    app.user.upload(picker, new File([content], name, { type: 'application/json' }))
  return { ...app, account, importFile, before: await app.sandbox.exportSnapshot() }
}

// The sidebar's list: the selected account's heading names it too, once its lazily loaded view is there.
const accountList = () => screen.getByRole('complementary')
export const stillListed = () =>
  expect(within(accountList()).getByRole('link', { name: /^525412\*{6}3241/ })).toBeDefined()
