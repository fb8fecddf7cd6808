// Named scenarios: the whole offline state saved under a name, loaded back exactly, copied, renamed,
// deleted, exported and imported as one file; every refusal changes nothing and says why.
import 'fake-indexeddb/auto'
import { beforeEach, describe, expect, it } from 'vitest'
import type { OfflineScenarios } from '../api'
import {
  type ConditionSet,
  emptyConditionSet,
  newScenarioFile,
  psd2QuotaRule,
  realClock,
  type SandboxClockState,
  scenarioFile,
} from '../contract'
import { bankProfileFileOf, personalityProfiles } from '../contract/bank-profile'
import { createMemoryStore, createSandbox, type Sandbox } from '../sandbox'
import { memoryState } from '../test/offline-state'
import { seedAccount, seedTransactions, today, transaction } from '../test/seed'
import { offlineScenariosOf } from './offline-scenarios'
import { openScenarioLibrary } from './scenario-library'
import { shippedScenarios } from './shipped-scenarios'

let sandbox: Sandbox
let state: ReturnType<typeof memoryState>
let scenarios: OfflineScenarios
let database = 0

beforeEach(() => {
  sandbox = createSandbox({ store: createMemoryStore(), today: () => today })
  state = memoryState()
  scenarios = offlineScenariosOf({
    sandbox,
    library: openScenarioLibrary(`scenarios-test-${++database}`),
    state,
    shipped: shippedScenarios,
    today: () => today,
  })
})

const frozen: SandboxClockState = {
  setting: { kind: 'frozen', date: '2026-01-15' },
  settlePendingAfterDays: 2,
}
const quota: ConditionSet = { rules: [psd2QuotaRule('q', 'listTransactions')] }

async function seedState() {
  const account = await seedAccount(sandbox)
  await seedTransactions(sandbox, account.resourceId, [transaction({ transactionDetails: 'Kept' })])
  state.setClock(frozen)
  state.setConditions(quota)
  state.setQuotaReads({ day: today, reads: { [`listTransactions ${account.resourceId}`]: 2 } })
  state.setPersonality('number-amounts')
  return account
}

const savedNames = async () => (await scenarios.list()).filter((s) => !s.shipped).map((s) => s.name)

describe('offline scenarios', () => {
  it('saves the data, clock, conditions, reads and personality, and loads them all back', async () => {
    const account = await seedState()
    const before = await sandbox.exportSnapshot()
    const saved = await scenarios.save('Before the demo', undefined)
    expect(saved).toMatchObject({
      ok: true,
      value: { name: 'Before the demo', accounts: 1, transactions: 1 },
    })

    await sandbox.reset()
    state.setClock(realClock)
    state.setConditions(emptyConditionSet)
    state.setQuotaReads(undefined)
    state.setPersonality('console')

    const loaded = await scenarios.load('Before the demo')
    expect(loaded).toMatchObject({ ok: true, value: { reloadNeeded: true } })
    expect((await sandbox.exportSnapshot()).cardAccounts).toEqual(before.cardAccounts)
    expect(state.values).toEqual({
      clock: frozen,
      conditions: quota,
      quota: { day: today, reads: { [`listTransactions ${account.resourceId}`]: 2 } },
      personality: 'number-amounts',
    })
  })

  it('carries a bank profile: saved, exported, imported and loaded back; a loaded one alike needs no reload', async () => {
    const profile = bankProfileFileOf(
      { ...personalityProfiles.platform, amounts: 'number' },
      { source: 'https://bank.example/api-sandbox', learnedAt: '2026-11-26T10:00:05.000Z' },
    )
    state.setPersonality(profile)
    await scenarios.save('Like the bank', undefined)
    const exported = await scenarios.exportFile('Like the bank')
    expect(exported).toMatchObject({ ok: true, value: { personality: profile } })
    if (!exported.ok) return
    // Through JSON, as a colleague's file comes.
    expect(await scenarios.importFile(JSON.parse(JSON.stringify(exported.value)))).toMatchObject({
      ok: true,
      value: { name: 'Like the bank (2)' },
    })
    state.setPersonality('platform')
    expect(await scenarios.load('Like the bank (2)')).toMatchObject({
      ok: true,
      value: { reloadNeeded: true },
    })
    expect(state.values.personality).toEqual(profile)
    expect(await scenarios.load('Like the bank')).toMatchObject({ ok: true, value: { reloadNeeded: false } })
  })

  it('still reads a scenario naming a personality, and refuses one whose profile is broken', async () => {
    const file = { ...newScenarioFile('Named', []), personality: 'booked-only' }
    expect(scenarioFile.parse(JSON.parse(JSON.stringify(file))).personality).toBe('booked-only')
    const refused = await scenarios.importFile({ ...file, personality: { kind: 'bank-profile' } })
    expect(refused).toMatchObject({ ok: false })
    expect(JSON.stringify(refused)).toContain('personality')
  })

  it('lists the three shipped scenarios first, then the saved ones by name', async () => {
    await scenarios.save('b', undefined)
    await scenarios.save('a', undefined)
    const list = await scenarios.list()
    expect(list.map((s) => [s.name, s.shipped])).toEqual([
      ['Empty private customer', true],
      ['Corporate customer, two years', true],
      ['Private customer at the quota edge', true],
      ['a', false],
      ['b', false],
    ])
  })

  it('refuses a taken or empty name and keeps what was there', async () => {
    await seedState()
    await scenarios.save('Kept', undefined)
    expect(await scenarios.save('Kept', undefined)).toMatchObject({
      ok: false,
      inWords: 'A scenario named "Kept" exists already: choose another name.',
    })
    expect(await scenarios.save('   ', undefined)).toMatchObject({
      ok: false,
      inWords: 'A scenario needs a name',
    })
    expect(await scenarios.save('Empty private customer', undefined)).toMatchObject({ ok: false })
    expect(await savedNames()).toEqual(['Kept'])
  })

  it('takes names that differ only in case for the same name: taken on save, freed on import, found on load', async () => {
    await seedState()
    await scenarios.save('Demo', undefined)
    expect(await scenarios.save('demo', undefined)).toMatchObject({ ok: false })
    expect(await scenarios.duplicate('Demo', 'DEMO')).toMatchObject({ ok: false })
    expect(await scenarios.save('EMPTY PRIVATE CUSTOMER', undefined)).toMatchObject({ ok: false })
    const exported = await scenarios.exportFile('Demo')
    if (!exported.ok) throw new Error('export refused')
    expect(await scenarios.importFile({ ...exported.value, name: 'demo' })).toMatchObject({
      ok: true,
      value: { name: 'demo (2)' },
    })
    await sandbox.reset()
    expect(await scenarios.load('DEMO')).toMatchObject({ ok: true, value: { file: { name: 'Demo' } } })
    // Its own name in other letters is no clash: a rename may fix the case.
    expect(await scenarios.rename('Demo', 'DEMO')).toMatchObject({ ok: true, value: { name: 'DEMO' } })
    expect(await savedNames()).toEqual(['DEMO', 'demo (2)'])
  })

  it('duplicates, renames and deletes saved scenarios; a shipped one is only duplicated', async () => {
    await seedState()
    await scenarios.save('One', undefined)
    expect(await scenarios.duplicate('One', 'Two')).toMatchObject({ ok: true, value: { transactions: 1 } })
    expect(await scenarios.rename('Two', 'Three')).toMatchObject({ ok: true, value: { name: 'Three' } })
    expect(await savedNames()).toEqual(['One', 'Three'])
    const renamed = await scenarios.exportFile('Three')
    expect(renamed.ok && renamed.value.name).toBe('Three')

    expect(await scenarios.rename('Empty private customer', 'Mine')).toMatchObject({ ok: false })
    expect(await scenarios.duplicate('Empty private customer', 'Mine')).toMatchObject({ ok: true })
    await scenarios.remove('One')
    await scenarios.remove('Empty private customer')
    expect(await savedNames()).toEqual(['Mine', 'Three'])
    expect((await scenarios.list()).filter((s) => s.shipped)).toHaveLength(3)
  })

  it('exports a file that imports back, under a free name when its own is taken', async () => {
    await seedState()
    await scenarios.save('Demo', undefined)
    const exported = await scenarios.exportFile('Demo')
    if (!exported.ok) throw new Error('export refused')
    const text = JSON.parse(JSON.stringify(exported.value))
    expect(scenarioFile.parse(text)).toEqual(exported.value)
    expect(await scenarios.importFile(text)).toMatchObject({ ok: true, value: { name: 'Demo (2)' } })
    await sandbox.reset()
    expect(await scenarios.load('Demo (2)')).toMatchObject({ ok: true })
    expect((await sandbox.exportSnapshot()).cardAccounts[0]?.transactions[0]?.transactionDetails).toBe('Kept')
  })

  it('refuses a bad file with why, and changes nothing', async () => {
    await seedState()
    await scenarios.save('Demo', undefined)
    const exported = await scenarios.exportFile('Demo')
    if (!exported.ok) throw new Error('export refused')
    const file = exported.value
    const tx = file.cardAccounts[0]?.transactions[0]
    const dataFile = { ...file, kind: 'data' }
    expect(await scenarios.importFile(dataFile)).toMatchObject({
      ok: false,
      problem: {
        messages: [{ text: 'kind must be "scenario": only scenario files can be imported here' }],
      },
    })
    const twice = { ...file, cardAccounts: [{ ...file.cardAccounts[0], transactions: [tx, tx] }] }
    const refused = await scenarios.importFile(JSON.parse(JSON.stringify(twice)))
    expect(refused).toMatchObject({
      ok: false,
      problem: { messages: [{ text: expect.stringMatching(/appears more than once/) }] },
    })
    const noClock = { ...file, clock: { setting: { kind: 'sometimes' } } }
    expect(await scenarios.importFile(noClock)).toMatchObject({ ok: false })
    // 130,000 rows, each with a bad currency: bench-sized, in offline-scenarios.slow.test.ts.
    expect(await savedNames()).toEqual(['Demo'])
  })

  it('ships an empty private customer, a corporate one with 1,000 transactions over two years', async () => {
    expect(await scenarios.load('Empty private customer')).toMatchObject({ ok: true })
    let stored = await sandbox.exportSnapshot()
    expect(stored.cardAccounts.map((a) => [a.account.customerType, a.transactions.length])).toEqual([
      ['private', 0],
    ])
    expect(await scenarios.load('Corporate customer, two years')).toMatchObject({ ok: true })
    stored = await sandbox.exportSnapshot()
    const [corporate] = stored.cardAccounts
    expect(corporate?.account.customerType).toBe('corporate')
    expect(corporate?.transactions).toHaveLength(1000)
    const dates = corporate?.transactions.map((t) => t.transactionDate).sort() ?? []
    const oldest = dates[0] ?? ''
    expect(oldest < today && oldest >= `${Number(today.slice(0, 4)) - 2}${today.slice(4)}`).toBe(true)
  })

  it('ships a private customer whose shown account leaves one read of the 4-a-day quota, with pending rows a day from settling', async () => {
    const loaded = await scenarios.load('Private customer at the quota edge')
    if (!loaded.ok) throw new Error('load refused')
    const [account] = (await sandbox.exportSnapshot()).cardAccounts
    const id = account?.account.resourceId ?? ''
    expect(state.values.conditions).toEqual({ rules: [psd2QuotaRule('psd2-4-a-day', 'listTransactions')] })
    // Showing the account after the load is the third read.
    expect(state.values.quota).toEqual({ day: today, reads: { [`listTransactions ${id}`]: 2 } })
    expect(state.values.clock).toEqual({
      setting: { kind: 'follows', offsetDays: 0 },
      settlePendingAfterDays: 3,
    })
    const pending = account?.transactions.filter((t) => t.bookingStatus === 'pending') ?? []
    expect(pending).toHaveLength(3)
    // Not yet: the rule books them once they are three days old, which moving the clock one day makes them.
    expect(await sandbox.settlePendingAfter(3)).toBe(0)
  })
})
