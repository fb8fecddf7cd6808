// @vitest-environment jsdom
import { useQuery } from '@tanstack/react-query'
import { screen, within } from '@testing-library/react'
import { expect, it } from 'vitest'
import { queryKeys } from '../../api'
import { startConsole } from '../../test/render'
import { ConditionsDialog } from './ConditionsDialog'
import { readOfflineConditions } from './conditions-source'

/** A read of the sandbox that never answers, as every read does under a Timeout condition until the console gives up. */
function HeldRead() {
  useQuery({ queryKey: [...queryKeys.all, 'held'], queryFn: () => new Promise<never>(() => {}) })
  return null
}

it('saves a Timeout condition at once and closes, while the reads it holds are still waiting', async () => {
  const { user, render } = await startConsole()
  let open = true
  render(
    <>
      <HeldRead />
      <ConditionsDialog onClose={() => (open = false)} />
    </>,
  )
  const dialog = within(await screen.findByRole('dialog', { name: 'Conditions' }))
  const kind = await dialog.findByRole('combobox', { name: 'Condition to add to listTransactions' })
  await user.selectOptions(kind, 'Timeout')
  await user.click(dialog.getByRole('button', { name: 'Add to listTransactions' }))
  await user.click(dialog.getByRole('button', { name: 'Save conditions' }))

  await expect.poll(() => open).toBe(false)
  expect(readOfflineConditions().rules).toMatchObject([{ operation: 'listTransactions', kind: 'timeout' }])
})

it('heads each operation in plain words, its operation id second', async () => {
  const { render } = await startConsole()
  render(<ConditionsDialog onClose={() => {}} />)
  const dialog = within(await screen.findByRole('dialog', { name: 'Conditions' }))
  await dialog.findByRole('group', {
    name: /^List the card transactions of a mock card account \(listTransactions\) GET /,
  })
})
