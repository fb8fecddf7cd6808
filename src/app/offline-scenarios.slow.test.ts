// A scenario file of 130,000 rows, each with a currency no code can be, refused: bench-sized, so in the slow
// lane (vite.config.ts); offline-scenarios.test.ts has the other refusals of a bad file.
import 'fake-indexeddb/auto'
import { expect, it } from 'vitest'
import { createMemoryStore, createSandbox } from '../sandbox'
import { memoryState } from '../test/offline-state'
import { seedAccount, seedTransactions, today, transaction } from '../test/seed'
import { offlineScenariosOf } from './offline-scenarios'
import { openScenarioLibrary } from './scenario-library'
import { shippedScenarios } from './shipped-scenarios'

it('refuses 130,000 bad rows with the first problems, and changes nothing', async () => {
  const sandbox = createSandbox({ store: createMemoryStore(), today: () => today })
  const scenarios = offlineScenariosOf({
    sandbox,
    library: openScenarioLibrary('scenarios-slow-test'),
    state: memoryState(),
    shipped: shippedScenarios,
    today: () => today,
  })
  const account = await seedAccount(sandbox)
  await seedTransactions(sandbox, account.resourceId, [transaction()])
  await scenarios.save('Demo', undefined)
  const exported = await scenarios.exportFile('Demo')
  if (!exported.ok) throw new Error('export refused')
  const file = exported.value
  const tx = file.cardAccounts[0]?.transactions[0]
  // Issue 23: 130,000 rows each with a bad currency overflowed zod's issue list; now the first problems.
  const many = Array.from({ length: 130_000 }, (_, i) => ({
    ...tx,
    cardTransactionId: `m-${i}`,
    transactionAmount: { amount: '1.00', currency: 'XX' },
  }))
  const flood = await scenarios.importFile({
    ...file,
    cardAccounts: [{ ...file.cardAccounts[0], transactions: many }],
  })
  expect(flood).toMatchObject({ ok: false, problem: { messages: expect.any(Array) } })
  expect('problem' in flood && flood.problem.messages.length).toBeLessThanOrEqual(101)
  const saved = (await scenarios.list()).filter((s) => !s.shipped).map((s) => s.name)
  expect(saved).toEqual(['Demo'])
})
