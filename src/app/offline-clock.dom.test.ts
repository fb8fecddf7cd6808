import { expect, it } from 'vitest'
import { storageTrouble } from '../api/storage-notices'
import { realClock } from '../contract'
import { offlineClockSetting } from './offline-clock'

const KEY = 'sandbox-console.clock'

it('reads an unreadable clock as the real date, removes it and says so once', async () => {
  for (const unreadable of [
    'garbage{',
    '{"setting":{"kind":"follows","offsetDays":"abc"}}',
    '{"setting":{"kind":"follows","offsetDays":1e9},"settlePendingAfterDays":null}',
    '{"setting":{"kind":"frozen","date":"2026-02-30"},"settlePendingAfterDays":null}',
  ]) {
    localStorage.setItem(KEY, unreadable)
    expect(offlineClockSetting(KEY).read(), unreadable).toEqual(realClock)
    expect(localStorage.getItem(KEY), unreadable).toBeNull()
  }
  await Promise.resolve()
  expect(storageTrouble.read().unreadable).toEqual([
    "The sandbox clock's setting stored in this browser could not be read, so the clock is back on the real date.",
  ])
})

it('reads a moved clock as it was stored, and says nothing', async () => {
  const moved = { setting: { kind: 'frozen', date: '2026-02-28' }, settlePendingAfterDays: 3 }
  localStorage.setItem(KEY, JSON.stringify(moved))
  expect(offlineClockSetting(KEY).read()).toEqual(moved)
  expect(localStorage.getItem(KEY)).toBe(JSON.stringify(moved))
  await Promise.resolve()
  expect(storageTrouble.read().unreadable).toEqual([])
  localStorage.removeItem(KEY)
})
