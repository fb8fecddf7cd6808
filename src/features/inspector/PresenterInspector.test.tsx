import { screen, within } from '@testing-library/react'
import { expect, it } from 'vitest'
import { startConsole } from '../../test/render'

const inspector = () => within(screen.getByRole('region', { name: 'Request inspector' }))

/** Presenter mode on, by its shortcut, once the full inspector lists `requests` requests. */
async function presentAfter(user: Awaited<ReturnType<typeof startConsole>>['user'], requests: number) {
  await inspector().findByText(`Requests (${requests})`)
  await user.keyboard('{Alt>}{Shift>}P{/Shift}{/Alt}')

  // The presenter's inspector loads on first use: a new region, found once it is there.
  return screen.findByRole('heading', { name: /^Request \d+ of \d+$/ })
}

// The list's PSU-Corporate-ID stands for every customer: masked, it read as a one-character id ("•").
it('shows the account list’s PSU-Corporate-ID wildcard as sent', async () => {
  const { user, renderApp } = await startConsole()
  renderApp()
  await presentAfter(user, 2)
  while (!inspector().queryByText('listCardAccounts')) {
    await user.click(inspector().getByRole('button', { name: '◀ Older' }))
  }
  const term = inspector().getByText(/^psu-corporate-id$/i, { selector: 'dt' })
  expect(term.nextElementSibling?.textContent).toBe('*')
})
