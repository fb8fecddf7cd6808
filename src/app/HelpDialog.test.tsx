// @vitest-environment jsdom
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
    'The view is the URL',
    'Keyboard',
    'Presenter mode and flows',
    'Requests',
  ])
  expect(help.getByText(/turns presenter mode on or off/).textContent).toMatch(/^Alt\+Shift\+P turns/)
  expect(help.getByText('Offline (in-browser)')).toBeDefined()
  expect(help.getByText('Proxy (/api → upstream)')).toBeDefined()
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
