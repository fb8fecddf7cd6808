// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import { expect, it, vi } from 'vitest'
import { MAX_BATCH } from '../../contract'
import { startConsole } from '../../test/render'
import { seedAccount, storedTransactions } from '../../test/seed'
import { accountView } from '../card-accounts/account-view'
import { CHUNK_BYTES, GenerateDialog } from './GenerateDialog'

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
  // What each request asked the sandbox to store, in order.
  const requests: unknown[][] = []
  const addTransactions = app.sandbox.addTransactions
  vi.spyOn(app.sandbox, 'addTransactions').mockImplementation((id, body) => {
    if (Array.isArray(body)) requests.push(body)
    return addTransactions(id, body)
  })
  return { ...app, account, dialog, onDone, generate, requests }
}

it('generates 100,000 in requests of at most 10,000, shows the progress and ends with all stored', async () => {
  const { dialog, sandbox, account, onDone, generate, requests } = await openDialog()
  await generate(100_000)

  const progress = await dialog.findByRole('progressbar', { name: /^[1-9][\d,]* of 100,000 sent…$/ })
  expect(progress.getAttribute('max')).toBe('100000')
  // Focus follows the buttons that replace each other, never falling to the page's body.
  expect(document.activeElement?.textContent).toBe('Cancel')
  const done = await dialog.findByRole(
    'progressbar',
    { name: 'Done: 100,000 of 100,000 transactions created.' },
    { timeout: 120_000 },
  )
  expect(done.getAttribute('value')).toBe('100000')
  expect(document.activeElement?.textContent).toBe('Close')
  expect(requests.length).toBeGreaterThan(1)
  for (const body of requests) {
    expect(body.length).toBeLessThanOrEqual(MAX_BATCH)
    expect(JSON.stringify(body).length).toBeLessThanOrEqual(CHUNK_BYTES)
  }
  expect(requests.reduce((sum, body) => sum + body.length, 0)).toBe(100_000)
  expect(await storedTransactions(sandbox, account.resourceId)).toHaveLength(100_000)
  expect(onDone).toHaveBeenCalledOnce()
  expect(screen.getByRole('status').textContent).toBe('100,000 transactions created')
})

it('stops sending when cancelled and says how many were stored', async () => {
  const { user, dialog, sandbox, account, onDone, generate, requests } = await openDialog()
  await generate(30_000)
  await dialog.findByRole('progressbar', { name: /^[1-9][\d,]* of 30,000 sent…$/ })
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
