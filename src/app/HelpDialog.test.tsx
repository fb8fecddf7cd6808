import { screen, within } from '@testing-library/react'
import { expect, it } from 'vitest'
import { startConsole } from '../test/render'

it('opens from the header, explains the modes, and gives focus back when closed', async () => {
  const { user, renderApp } = await startConsole()
  renderApp()
  const helpButton = screen.getByRole('button', { name: 'Help' })
  await user.click(helpButton)

  // The dialog loads on first open.
  const help = within(await screen.findByRole('dialog', { name: 'Help' }))
  expect(help.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
    'Modes',
    'The header',
    'Card accounts',
    'Transactions',
    'Test data and scenarios',
    'Test conditions',
    'Explain and share',
    'Presenter mode and flows',
    'Settings and connection',
    'The view is the URL',
    'Keyboard',
    'Requests',
  ])
  expect(help.getByText(/turns presenter mode on or off/).textContent).toMatch(/^Alt\+Shift\+P turns/)
  expect(help.getByText('Offline (in-browser)')).toBeDefined()
  expect(help.getByText('Proxy (/api → upstream)')).toBeDefined()
  expect(help.getByText(/^This is Sandbox Console \S+\.$/)).toBeDefined()
  // Two buttons close it: the × in the title bar (named Close) and the one that reads Close.
  await user.click(help.getByText('Close', { selector: 'button' }))

  expect(screen.queryByRole('dialog')).toBeNull()
  expect(document.activeElement).toBe(helpButton)
})

it('says in a sentence what every control of the header does', async () => {
  const { user, renderApp } = await startConsole()
  renderApp()
  const names: string[] = []
  for (const group of ['Test conditions', 'Explain & share', 'Settings']) {
    const toggle = screen.getByRole('button', { name: group })
    await user.click(toggle)
    const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '')
    for (const control of panel?.querySelectorAll('button, label') ?? []) {
      // A label's own words, not its select's options.
      const options = control.querySelector('select')?.textContent ?? ''
      names.push((control.textContent ?? '').replace(options, '').replace('…', '').trim())
    }
    await user.keyboard('{Escape}')
  }
  expect(names).toContain('Signature')
  await user.click(screen.getByRole('button', { name: 'Help' }))
  const help = await screen.findByRole('dialog', { name: 'Help' })
  const said = [...help.querySelectorAll('strong')].map((strong) => strong.textContent)
  expect(names.filter((name) => !said.includes(name))).toEqual([])
})

it('opens at the top, on its list of topics, each of which goes to its section', async () => {
  const { user, renderApp } = await startConsole()
  renderApp()
  await user.click(screen.getByRole('button', { name: 'Help' }))
  const help = within(await screen.findByRole('dialog', { name: 'Help' }))
  const topics = within(help.getByRole('navigation', { name: 'Help topics' }))
  const first = topics.getByRole('link', { name: 'Modes' })
  expect(document.activeElement).toBe(first)

  await user.click(topics.getByRole('link', { name: 'Requests' }))
  expect(document.activeElement).toBe(help.getByRole('heading', { name: 'Requests' }))
  expect(location.hash).toBe('')
  expect(screen.getByRole('dialog', { name: 'Help' })).toBeDefined()
})

it('says what files keep as the Share dialog does: PSU ids redacted unless kept', async () => {
  const { user, renderApp } = await startConsole()
  renderApp()
  await user.click(screen.getByRole('button', { name: 'Explain & share' }))
  await user.click(screen.getByRole('button', { name: 'Share…' }))
  const share = within(await screen.findByRole('dialog', { name: 'Share what you see' }))
  for (const keep of share.getAllByRole('checkbox', { name: /^Keep PSU ids/ }))
    expect(keep).toHaveProperty('checked', false)
  await user.click(share.getAllByRole('button', { name: 'Close' })[0] as HTMLElement)

  await user.click(screen.getByRole('button', { name: 'Help' }))
  const help = await screen.findByRole('dialog', { name: 'Help' })
  expect(help.textContent).not.toMatch(/keep the ids unless you choose to redact/)
  expect(help.textContent).toContain(
    'A share link and a HAR file hold PSU ids and customer numbers as [redacted] unless you tick Keep',
  )
})

it("shows a dialog's own Help section in place, keeping what was typed", async () => {
  const { user, renderApp } = await startConsole()
  renderApp()
  await user.click(await screen.findByRole('button', { name: '+ New' }))
  const dialog = within(await screen.findByRole('dialog', { name: 'New card account' }))
  await user.type(dialog.getByRole('textbox', { name: 'Masked PAN' }), '525412******3241')
  const toggle = dialog.getByRole('button', { name: 'Help' })
  expect(toggle.getAttribute('aria-expanded')).toBe('false')

  await user.click(toggle)
  const section = await dialog.findByRole('region', { name: 'Help: Card accounts' })
  expect(await within(section).findByText(/an ISO 4217\s+currency/)).toBeDefined()
  expect(toggle.getAttribute('aria-expanded')).toBe('true')
  expect(dialog.getByRole('textbox', { name: 'Masked PAN' })).toHaveProperty('value', '525412******3241')
  await user.click(toggle)
  expect(dialog.queryByRole('region', { name: 'Help: Card accounts' })).toBeNull()
})
