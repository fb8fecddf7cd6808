// What a scenario load that reloads the page (another bank personality) leaves for the page it opens.
import { expect, it, onTestFinished } from 'vitest'
import { arriveAt, parseView } from '../view-state'
import { carryAcrossReload, takeReloadNote } from './reload-notes'

const scenarioAccount = '5ce0a710-0000-4000-8000-000000000002'
const message = 'Loaded scenario Corporate customer, two years: 1 card account and 1,000 transactions'

function startOn(search: string) {
  history.replaceState(null, '', `/${search}`)
  onTestFinished(() => {
    sessionStorage.clear()
    history.replaceState(null, '', '/')
  })
}

it('writes the scenario’s view as a new history entry, as any load arrives, and keeps its message for it', () => {
  startOn('?account=mine&status=pending&from=2026-01-01&offset=20&limit=10')
  const length = history.length
  carryAcrossReload(arriveAt(parseView(location.search), scenarioAccount), message)

  expect(location.search).toBe(`?account=${scenarioAccount}&status=pending&offset=0&limit=10`)
  expect(history.length).toBe(length + 1)
  expect(takeReloadNote(scenarioAccount)).toBe(message)
  // Once.
  expect(takeReloadNote(scenarioAccount)).toBeUndefined()
})

it('loading the same account again replaces the entry when only the look changes, as setView does', () => {
  startOn(`?account=${scenarioAccount}&status=booked&from=2026-01-01&offset=0&limit=50`)
  const length = history.length
  carryAcrossReload(arriveAt(parseView(location.search), scenarioAccount), message)
  expect(location.search).toBe(`?account=${scenarioAccount}&status=booked&offset=0&limit=50`)
  expect(history.length).toBe(length)
})

it('keeps the message of a scenario with no account for the page with none: the empty sandbox', () => {
  startOn('?account=mine&status=booked&offset=0&limit=50')
  carryAcrossReload(
    arriveAt(parseView(location.search), undefined),
    'Loaded scenario Nothing: 0 card accounts and 0 transactions',
  )
  expect(location.search).toBe('?status=booked&offset=0&limit=50')
  expect(takeReloadNote(undefined)).toBe('Loaded scenario Nothing: 0 card accounts and 0 transactions')
})

it('drops the message unsaid on a page showing another account: the tester moved on, or no reload came', () => {
  startOn('?account=mine&status=booked&offset=0&limit=50')
  carryAcrossReload(arriveAt(parseView(location.search), scenarioAccount), message)
  expect(takeReloadNote('mine')).toBeUndefined()
  expect(takeReloadNote(scenarioAccount)).toBeUndefined()
})

it('reads nothing from what it did not write', () => {
  startOn('')
  for (const stored of ['not json', 'null', '"a string"', JSON.stringify({ message: 3, account: null })]) {
    sessionStorage.setItem('sandbox-console.scenario-loaded', stored)
    expect(takeReloadNote(undefined)).toBeUndefined()
    expect(sessionStorage.length).toBe(0)
  }
})
