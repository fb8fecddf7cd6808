import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, it, vi } from 'vitest'
import { FilePicker } from './FilePicker'

it('is one button: the file input is hidden and hands over the file picked, each time', async () => {
  const user = userEvent.setup()
  const onFile = vi.fn()
  render(
    <FilePicker inputLabel="Import flows file" accept="application/json,.json" onFile={onFile}>
      Import flows…
    </FilePicker>,
  )
  expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Import flows…'])
  const input = screen.getByLabelText<HTMLInputElement>('Import flows file')
  // Hidden: neither a second control in the accessibility tree nor a stop in the tab order.
  expect(input.hidden).toBe(true)
  expect(screen.queryByRole('textbox')).toBeNull()

  const click = vi.spyOn(input, 'click')
  await user.click(screen.getByRole('button', { name: 'Import flows…' }))
  expect(click).toHaveBeenCalledOnce()

  const file = new File(['{}'], 'flows.json', { type: 'application/json' })
  await user.upload(input, file)
  await user.upload(input, file)
  // The same file twice is two picks: the input is cleared after each.
  expect(onFile).toHaveBeenCalledTimes(2)
  expect(onFile).toHaveBeenLastCalledWith(file)
  expect(input.value).toBe('')
})
