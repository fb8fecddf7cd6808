// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import { expect, it, vi } from 'vitest'
import { startConsole } from '../../test/render'
import { seedAccount, storedTransactions } from '../../test/seed'
import { accountView } from '../card-accounts/account-view'
import { CHUNK, GenerateDialog } from './GenerateDialog'

async function openDialog() {
  const app = await startConsole()
  const account = await seedAccount(app.sandbox)
  const onDone = vi.fn()
  app.render(
    <GenerateDialog account={accountView(account.resourceId, account)} onClose={() => {}} onDone={onDone} />,
  )
  const dialog = within(screen.getByRole('dialog', { name: 'Generate transactions' }))
  const generate = async (count: number) => {
    const input = dialog.getByRole('spinbutton', { name: 'Number of transactions' })
    // Typed over the whole value, as a user selecting it would: a cleared field is not a number.
    await app.user.type(input, String(count), { initialSelectionStart: 0, initialSelectionEnd: Infinity })
    await app.user.click(dialog.getByRole('button', { name: `Generate ${count.toLocaleString('en')}` }))
  }
  return { ...app, account, dialog, onDone, generate }
}

it('sends the transactions in chunks, shows the progress and ends with all of them stored', async () => {
  const { dialog, sandbox, account, onDone, generate } = await openDialog()
  await generate(1200)

  const progress = await dialog.findByRole('progressbar', { name: `${CHUNK} of 1,200 sent…` })
  expect(progress.getAttribute('max')).toBe('1200')
  const done = await dialog.findByRole('progressbar', { name: 'Done: 1,200 of 1,200 transactions created.' })
  expect(done.getAttribute('value')).toBe('1200')
  expect(await storedTransactions(sandbox, account.resourceId)).toHaveLength(1200)
  expect(onDone).toHaveBeenCalledOnce()
  expect(screen.getByRole('status').textContent).toBe('1,200 transactions created')
})

it('stops sending when cancelled and says how many were stored', async () => {
  const { user, dialog, sandbox, account, onDone, generate } = await openDialog()
  await generate(10_000)
  await dialog.findByRole('progressbar', { name: `${CHUNK} of 10,000 sent…` })
  await user.click(dialog.getByRole('button', { name: 'Cancel' }))

  const cancelled = await dialog.findByRole('progressbar', {
    name: /^Cancelled: [\d,]+ of 10,000 transactions stored\.$/,
  })
  const sent = Number(cancelled.getAttribute('value'))
  expect(sent % CHUNK).toBe(0)
  expect(sent).toBeGreaterThanOrEqual(CHUNK)
  expect(sent).toBeLessThan(10_000)
  expect(dialog.getByRole('button', { name: 'Generate 10,000' })).toBeDefined()
  // A chunk that was on its way when Cancel was pressed may still be stored: no more than that one.
  const stored = (await storedTransactions(sandbox, account.resourceId)).length
  expect(stored).toBeGreaterThanOrEqual(sent)
  expect(stored).toBeLessThanOrEqual(sent + CHUNK)
  expect(onDone).not.toHaveBeenCalled()
})

it('says the limit of the number of transactions in words, and sends nothing past it', async () => {
  const { user, dialog, sandbox, account } = await openDialog()
  const total = dialog.getByRole('spinbutton', { name: 'Number of transactions' })
  await user.clear(total)
  await user.type(total, '100000')
  // The button stops naming a count it would not send.
  await user.click(dialog.getByRole('button', { name: 'Generate' }))

  await dialog.findByRole('spinbutton', {
    name: 'Number of transactions',
    description: /Number of transactions must be a whole number from 1 to 10,000/,
  })
  expect(await storedTransactions(sandbox, account.resourceId)).toEqual([])
})
