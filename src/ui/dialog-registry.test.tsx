// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, expect, it } from 'vitest'
import {
  type DialogEntries,
  DialogOutlet,
  type Dialogs,
  DialogsProvider,
  useDialogs,
} from './dialog-registry'

type Props = { greet: { name: string }; plain: object }
const entries: DialogEntries<Props> = {
  greet: {
    Component: ({ name, onClose }) => <button onClick={onClose} type="button">{`Hello ${name}`}</button>,
  },
  plain: { Component: () => <p>Plain</p> },
}

afterEach(() => {
  cleanup()
  history.replaceState(null, '', '/')
})

const seen: { dialogs?: Dialogs<Props> } = {}
function Spy() {
  seen.dialogs = useDialogs<Props>()
  return null
}

function renderRegistry() {
  render(
    <DialogsProvider>
      <Spy />
      <DialogOutlet entries={entries} />
    </DialogsProvider>,
  )
  return () => seen.dialogs as Dialogs<Props>
}

it('opens one dialog at a time with its props, records the view it was opened from, and closes', () => {
  const dialogs = renderRegistry()
  history.replaceState(null, '', '/?account=a&offset=50')
  act(() => dialogs().open('greet', { name: 'Ada' }))
  expect(screen.getByRole('button').textContent).toBe('Hello Ada')
  expect(dialogs().opened).toMatchObject({ id: 'greet', owner: '?account=a&offset=50' })

  act(() => dialogs().openOwned('?account=b', 'plain'))
  expect(screen.queryByRole('button')).toBeNull()
  expect(screen.getByText('Plain')).toBeDefined()
  expect(dialogs().opened?.owner).toBe('?account=b')

  act(() => dialogs().open('greet', { name: 'Grace' }))
  act(() => screen.getByRole('button').click())
  expect(dialogs().opened).toBeUndefined()
  expect(screen.queryByRole('button')).toBeNull()
})
