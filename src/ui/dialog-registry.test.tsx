import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, expect, it } from 'vitest'
import { installModalDialogs } from '../test/modal-dialog'
import { Dialog } from './Dialog'
import {
  type DialogEntries,
  DialogOutlet,
  type Dialogs,
  DialogsProvider,
  useDialogs,
} from './dialog-registry'

type Props = { greet: { name: string }; plain: object; form: { busy?: boolean }; working: object }
/** The close the `working` dialog was given, as its work in flight holds it. */
const held: { close?: () => void } = {}
const entries: DialogEntries<Props> = {
  greet: {
    Component: ({ name, onClose }) => <button onClick={onClose} type="button">{`Hello ${name}`}</button>,
  },
  plain: { Component: () => <p>Plain</p> },
  form: { Component: TypedForm },
  working: {
    Component: ({ onClose }) => {
      held.close = onClose
      return <p>Working</p>
    },
  },
}

/** A form dialog as the console's are: typing in it makes closing ask first. */
function TypedForm({ busy = false, onClose }: { busy?: boolean; onClose: () => void }) {
  const [typed, setTyped] = useState('')
  return (
    <Dialog
      title="Form"
      onClose={onClose}
      busy={busy}
      confirmDiscard={typed ? 'Discard what you typed?' : undefined}
    >
      <input aria-label="Amount" value={typed} onChange={(event) => setTyped(event.target.value)} />
    </Dialog>
  )
}

installModalDialogs()

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

// Under load, a test opened Delete account while Delete transaction's work still ran: when that work
// ended, the first dialog's close shut the second, and it never showed.
it('a dialog replaced while its work ran closes nothing when that work ends', () => {
  const dialogs = renderRegistry()
  act(() => dialogs().open('working'))
  act(() => dialogs().open('plain'))
  act(() => held.close?.())
  expect(dialogs().opened?.id).toBe('plain')
  expect(screen.getByText('Plain')).toBeDefined()
})

/** Account b's view, with account a's behind it in history, as after clicking from a to b. */
function onAccountB() {
  history.replaceState(null, '', '/?account=a')
  history.pushState(null, '', '/?account=b')
}

async function back() {
  const moved = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }))
  await act(async () => {
    history.back()
    await moved
  })
}

function typeAmount(value: string) {
  const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Amount' })
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value)
    input.dispatchEvent(new Event('input', { bubbles: true }))
  })
}

it('Back closes a dialog holding nothing typed, and the view goes back', async () => {
  onAccountB()
  const dialogs = renderRegistry()
  act(() => dialogs().open('form'))
  await back()
  expect(dialogs().opened).toBeUndefined()
  expect(screen.queryByRole('dialog')).toBeNull()
  expect(location.search).toBe('?account=a')
})

it('Back with something typed asks first, and the page stays on the dialog’s view until the answer', async () => {
  onAccountB()
  const dialogs = renderRegistry()
  act(() => dialogs().open('form'))
  typeAmount('12.50')
  await back()
  expect(screen.getByRole('alert').textContent).toBe('Discard what you typed?')
  expect(location.search).toBe('?account=b')

  // Keep editing: still on b, the typed value kept, and a later close does not go back.
  act(() => screen.getByRole('button', { name: 'Keep editing' }).click())
  expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Amount' }).value).toBe('12.50')
  expect(location.search).toBe('?account=b')

  // Back again, Discard: closed, and on to a.
  await back()
  act(() => screen.getByRole('button', { name: 'Discard' }).click())
  expect(dialogs().opened).toBeUndefined()
  await waitFor(() => expect(location.search).toBe('?account=a'))
})

it('Back while the dialog is busy is undone: the dialog and its view stay', async () => {
  onAccountB()
  const dialogs = renderRegistry()
  act(() => dialogs().open('form', { busy: true }))
  await back()
  expect(dialogs().opened?.id).toBe('form')
  expect(location.search).toBe('?account=b')
})
