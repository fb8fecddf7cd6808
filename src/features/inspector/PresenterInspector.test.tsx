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

// A support engineer on a projector, against a sandbox shaped like the bank's: the console's start-up
// asked for the clock (404) and the account list (405), and the audience saw them in red as "the request".
it('leaves out what the console asked a bank-shaped sandbox and it has none of', async () => {
  const { user, renderApp } = await startConsole({ personality: 'platform' })
  renderApp()
  expect(await screen.findByText(/This sandbox does not list card accounts/)).toBeDefined()
  // The full inspector lists both: nothing is hidden from the tester who opens it.
  const heading = await presentAfter(user, 2)

  expect(heading.textContent).toBe('Request 0 of 0')
  expect(inspector().getByText('No request yet.')).toBeDefined()
})

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
