// @vitest-environment happy-dom
// The largest run Generate offers, end to end: the slow lane (see vite.config.ts), out of the edit loop.
import { screen, waitFor } from '@testing-library/react'
import { expect, it } from 'vitest'
import { MAX_BATCH } from '../../contract'
import { openGenerateDialog as openDialog } from '../../test/generate-dialog'
import { storedTransactions } from '../../test/seed'
import { CHUNK_BYTES } from './GenerateDialog'

it('generates 100,000 in requests of at most 10,000, shows the progress and ends with all stored', async () => {
  const { dialog, sandbox, account, onDone, generate, requests } = await openDialog()
  await generate(100_000)

  const progress = await dialog.findByRole('progressbar', { name: /^[1-9][\d,]* of 100,000 sent…$/ })
  expect(progress.getAttribute('max')).toBe('100000')
  // Focus follows the buttons that replace each other, never falling to the page's body; it moves in an
  // effect after the render that shows them, so it is waited for, as a user sees it move.
  await waitFor(() => expect(document.activeElement?.textContent).toBe('Cancel'))
  const done = await dialog.findByRole(
    'progressbar',
    { name: 'Done: 100,000 of 100,000 transactions created.' },
    { timeout: 120_000 },
  )
  expect(done.getAttribute('value')).toBe('100000')
  await waitFor(() => expect(document.activeElement?.textContent).toBe('Close'))
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
