// The 100,000-transaction run is GenerateDialog.slow.test.tsx.
import { waitFor } from '@testing-library/react'
import { expect, it } from 'vitest'
import { openGenerateDialog as openDialog } from '../../test/generate-dialog'
import { browserAsksBeforeLeaving } from '../../test/leaving'
import { storedTransactions } from '../../test/seed'

it('stops sending when cancelled and says how many were stored', async () => {
  const { user, dialog, sandbox, account, onDone, generate, requests } = await openDialog()
  await generate(30_000)
  await dialog.findByRole('progressbar', { name: /^[1-9][\d,]* of 30,000 sent…$/ })
  // A reload now would leave part of the run stored and no word of it: the browser asks first.
  expect(browserAsksBeforeLeaving()).toBe(true)
  await user.click(dialog.getByRole('button', { name: 'Cancel' }))

  const cancelled = await dialog.findByRole('progressbar', {
    name: /^Cancelled: [\d,]+ of 30,000 transactions stored\.$/,
  })
  const sent = Number(cancelled.getAttribute('value'))
  // What it says was sent is whole requests: the first n of them.
  const whole = requests.map((_, n) => requests.slice(0, n + 1).reduce((sum, body) => sum + body.length, 0))
  expect(whole).toContain(sent)
  expect(sent).toBeLessThan(30_000)
  expect(dialog.getByRole('button', { name: 'Generate 30,000' })).toBeDefined()
  // A request that was on its way when Cancel was pressed may still be stored: no more than that one.
  const stored = (await storedTransactions(sandbox, account.resourceId)).length
  expect(stored).toBeGreaterThanOrEqual(sent)
  expect(whole.slice(0, whole.indexOf(sent) + 2)).toContain(stored)
  expect(onDone).not.toHaveBeenCalled()
  expect(browserAsksBeforeLeaving()).toBe(false)
})

it('says the limit of the number of transactions in words, and sends nothing past it', async () => {
  const { user, dialog, sandbox, account } = await openDialog()
  const total = dialog.getByRole('spinbutton', { name: 'Number of transactions' })
  await user.clear(total)
  await user.type(total, '100001')
  // The button stops naming a count it would not send.
  await user.click(dialog.getByRole('button', { name: 'Generate' }))

  await dialog.findByRole('spinbutton', {
    name: 'Number of transactions',
    description: /Number of transactions must be a whole number from 1 to 100,000/,
  })
  expect(await storedTransactions(sandbox, account.resourceId)).toEqual([])
})

it('gives the focus to the number it refuses, which then reads its error', async () => {
  const { user, dialog, sandbox, account } = await openDialog()
  const total = dialog.getByRole('spinbutton', { name: 'Number of transactions' })
  await user.clear(total)
  await user.type(total, '999999999')
  await user.click(dialog.getByRole('button', { name: 'Generate' }))

  expect(document.activeElement).toBe(
    dialog.getByRole('spinbutton', {
      name: 'Number of transactions',
      description: /^1 to 100,000 Number of transactions must be a whole number from 1 to 100,000/,
    }),
  )
  expect(await storedTransactions(sandbox, account.resourceId)).toEqual([])
})

it('takes a cleared field for no number: says so in words and sends nothing', async () => {
  const { user, dialog, sandbox, account } = await openDialog()
  const total = dialog.getByRole('spinbutton', { name: 'Number of transactions' })
  const seed = dialog.getByRole('spinbutton', { name: 'Seed' })
  await user.clear(total)
  await user.clear(seed)
  expect(total).toHaveProperty('value', '')
  expect(seed).toHaveProperty('value', '')
  await user.click(dialog.getByRole('button', { name: 'Generate' }))

  await dialog.findByRole('spinbutton', {
    name: 'Number of transactions',
    description: /Number of transactions must be a whole number from 1 to 100,000/,
  })
  // Not seed 0, which is a seed like any other.
  dialog.getByRole('spinbutton', {
    name: 'Seed',
    description: /Seed must be a whole number from 0 to 4,294,967,295/,
  })
  expect(await storedTransactions(sandbox, account.resourceId)).toEqual([])
})

it('names the largest seed the generator tells apart when a seed is past it', async () => {
  const { user, dialog, sandbox, account } = await openDialog()
  const seed = dialog.getByRole('spinbutton', { name: 'Seed' })
  await user.clear(seed)
  await user.type(seed, '99999999999999999999')
  await user.click(dialog.getByRole('button', { name: 'Generate 1,000' }))

  await dialog.findByRole('spinbutton', {
    name: 'Seed',
    description: 'Seed must be a whole number from 0 to 4,294,967,295.',
  })
  expect(await storedTransactions(sandbox, account.resourceId)).toEqual([])
})

it('offers Close after a run, not the same run again: generating more is its own, named button', async () => {
  const { user, dialog, sandbox, account, onClose, onDone, generate } = await openDialog()
  await generate(20)
  await dialog.findByRole('progressbar', { name: 'Done: 20 of 20 transactions created.' })
  expect(dialog.queryByRole('button', { name: 'Generate 20' })).toBeNull()
  // Focus follows to Close in an effect after the render that shows the run done.
  await waitFor(() => expect(document.activeElement).toBe(dialog.getByText('Close', { selector: 'button' })))
  // Enter in a field submits the form: its default is Close now, not another run.
  await user.type(dialog.getByRole('spinbutton', { name: 'Seed' }), '{Enter}')
  expect(onClose).toHaveBeenCalledOnce()
  expect(await storedTransactions(sandbox, account.resourceId)).toHaveLength(20)

  await user.click(dialog.getByRole('button', { name: 'Generate 20 more' }))
  // The second run's end: the first run's progress reads the same.
  await waitFor(() => expect(onDone).toHaveBeenCalledTimes(2))
  expect(await storedTransactions(sandbox, account.resourceId)).toHaveLength(40)
})

it.each([
  [
    'Number of transactions',
    '1e3',
    'Number of transactions must be a whole number from 1 to 100,000 (not "1e3").',
  ],
  ['Over the last … days', '9.0', 'Over the last … days must be a whole number from 1 to 3,650 (not "9.0").'],
  ['Seed', '1e3', 'Seed must be a whole number from 0 to 4,294,967,295 (not "1e3").'],
])(
  'refuses %s typed as "%s", a number in another form, in words, and sends nothing',
  async (label, typed, words) => {
    const { user, dialog, sandbox, account } = await openDialog()
    const field = dialog.getByRole('spinbutton', { name: label })
    await user.type(field, typed, { initialSelectionStart: 0, initialSelectionEnd: Infinity })
    expect(field).toHaveProperty('value', typed)
    // The button names no count while the field holds none in plain digits.
    await user.click(
      dialog.getByRole('button', {
        name: label === 'Number of transactions' ? 'Generate' : 'Generate 1,000',
      }),
    )

    // After the field's hint, where there is one.
    await dialog.findByRole('spinbutton', { name: label, description: (text) => text.endsWith(words) })
    expect(await storedTransactions(sandbox, account.resourceId)).toEqual([])
  },
)
