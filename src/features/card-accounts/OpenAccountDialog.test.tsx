import { screen, within } from '@testing-library/react'
import { expect, it, vi } from 'vitest'
import { startConsole } from '../../test/render'
import { OpenAccountDialog } from './OpenAccountDialog'

async function openDialog() {
  const app = await startConsole()
  const onOpened = vi.fn()
  app.render(<OpenAccountDialog onClose={() => {}} onOpened={onOpened} />)
  const dialog = within(screen.getByRole('dialog', { name: 'Open card account' }))
  return { ...app, dialog, onOpened }
}

it('gives the focus to an id it cannot read, which then reads why, and opens nothing', async () => {
  const { user, dialog, onOpened } = await openDialog()
  await user.type(dialog.getByRole('textbox', { name: 'Card account id or link' }), 'nonsense id !!')
  await user.click(dialog.getByRole('button', { name: 'Open account' }))

  expect(document.activeElement).toBe(
    dialog.getByRole('textbox', {
      name: 'Card account id or link',
      description: /A card account id must be 1 to 128 of/,
    }),
  )
  expect(onOpened).not.toHaveBeenCalled()
})

it('says the id is required, and the corporate id is not', async () => {
  const { dialog } = await openDialog()
  expect(dialog.getByRole('textbox', { name: 'Card account id or link' }).getAttribute('aria-required')).toBe(
    'true',
  )
  expect(dialog.getByRole('textbox', { name: /^PSU-Corporate-ID/ }).getAttribute('aria-required')).toBeNull()
})
