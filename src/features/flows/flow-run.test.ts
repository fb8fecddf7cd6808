import { describe, expect, it } from 'vitest'
import { memoryStorage } from '../../api/settings-store'
import type { Flow } from '../../contract/flow'
import { type FlowRun, keepFlowRun, startOfPanel } from './flow-run'
import { dropFlowRun, FLOW_RUN_KEY, flowRunKept } from './kept-run'
import { shippedFlows } from './shipped'

const ranAt = new Date(2026, 10, 23, 9, 30)
const now = new Date(2026, 10, 23, 9, 45)
const [, signature] = shippedFlows('2026-11-23', ranAt)
if (!signature) throw new Error('the shipped flows changed')

/** The signature flow run to step 3 (its first spoiled read), offline. */
const atStep3: FlowRun = {
  mode: 'offline',
  flow: signature,
  shipped: 1,
  at: 3,
  outcomes: [
    {
      context: { account: 'acc-1' },
      status: 201,
      ok: true,
      summary: '201 Created',
      view: { account: 'acc-1', offset: 0 },
    },
    {
      context: { account: 'acc-1' },
      status: 200,
      ok: true,
      summary: '200 OK: 0 transactions',
      view: { account: 'acc-1', status: 'both', from: undefined, to: undefined, fix: false, offset: 0 },
      sent: 7,
    },
    {
      context: { account: 'acc-1' },
      status: 401,
      ok: false,
      summary: 'HTTP 401: SIGNATURE_INVALID',
      view: { account: 'acc-1' },
      sent: 9,
    },
  ],
  context: { account: 'acc-1' },
  tamperBefore: undefined,
}

function kept(run: FlowRun): string {
  const storage = memoryStorage()
  keepFlowRun(run, storage)
  const stored = storage.getItem(FLOW_RUN_KEY)
  if (stored === null) throw new Error('nothing kept')
  return stored
}

const start = (stored: string | null, options: { mode?: 'offline' | 'proxy'; saved?: Flow[] } = {}) =>
  startOfPanel({
    stored,
    mode: options.mode ?? 'offline',
    saved: options.saved ?? [],
    now,
    tamper: 'bad-signature',
  })

describe("a flow run kept across the tab's reloads", () => {
  it('comes back at its step, with its account, the switch as the step set it, and no stale log entries', () => {
    const back = start(kept(atStep3))
    expect(back).toMatchObject({ selected: 1, at: 3, context: { account: 'acc-1' }, tamper: 'bad-signature' })
    expect(back.note).toBeUndefined()
    // The flow as it ran: its account named by the time the run started, not by now.
    expect(back.shipped[1]).toEqual(signature)
    expect(back.outcomes.map((o) => o?.summary)).toEqual([
      '201 Created',
      '200 OK: 0 transactions',
      'HTTP 401: SIGNATURE_INVALID',
    ])
    // The request log starts again with the page: its ids would name other requests.
    expect(back.outcomes.every((o) => o?.sent === undefined)).toBe(true)
    // A date the step cleared is still cleared when the step is shown again.
    expect(back.outcomes[1]?.view).toEqual({
      account: 'acc-1',
      status: 'both',
      from: undefined,
      to: undefined,
      fix: false,
      offset: 0,
    })
    expect('from' in (back.outcomes[1]?.view ?? {})).toBe(true)
  })

  it('at a step that set no tamper, puts the switch back to the correct signature', () => {
    const back = start(kept({ ...atStep3, at: 2 }))
    expect(back).toMatchObject({ at: 2, tamper: undefined })
  })

  it('in the other mode, starts the same flow again and puts the switch back, saying why', () => {
    const back = start(kept({ ...atStep3, tamperBefore: 'stale-date' }), { mode: 'proxy' })
    expect(back).toMatchObject({ selected: 1, at: 0, outcomes: [], context: {}, tamper: 'stale-date' })
    expect(back.note).toBe(
      'This flow ran to step 3 in Offline (in-browser), whose sandbox holds its account: here it starts again from step 1. The Signature switch is back to "Stale Date (10 min)", as it was before the flow.',
    )
  })

  it('finds a saved flow by its name and steps; gone or changed, starts afresh with the switch put back', () => {
    const mine: Flow = { name: 'Mine', steps: signature.steps.slice(0, 3) }
    const run: FlowRun = { ...atStep3, flow: mine, shipped: undefined }
    expect(start(kept(run), { saved: [mine] })).toMatchObject({ selected: 2, at: 3 })
    const changed = { ...mine, steps: mine.steps.slice(0, 2) }
    const gone = start(kept(run), { saved: [changed] })
    expect(gone).toMatchObject({ selected: 0, at: 0, tamper: undefined })
    expect(gone.note).toBe(
      '"Mine", the flow this tab was running, is no longer saved in this browser. The Signature switch is back to "Correct", as it was before the flow.',
    )
  })

  it('unreadable, starts afresh and puts back the switch it can read, else the correct signature', () => {
    for (const stored of ['{', '{"v":1,"at":"three"}', '[]', '"x"']) {
      const back = start(stored)
      expect(back, stored).toMatchObject({ selected: 0, at: 0, tamper: undefined })
      expect(back.note, stored).toMatch(/^The flow this tab was running could not be read back/)
    }
    expect(start('{"tamperBefore":"missing-digest"}')).toMatchObject({ tamper: 'missing-digest' })
    // A step past the flow's end, or one shown that never ran.
    expect(start(kept({ ...atStep3, at: 7 })).at).toBe(0)
    expect(
      start(kept({ ...atStep3, outcomes: [atStep3.outcomes[0], undefined, atStep3.outcomes[2]] })).at,
    ).toBe(0)
  })

  it('none kept: the panel starts afresh, the switch as it is', () => {
    expect(start(null)).toMatchObject({ at: 0, tamper: 'bad-signature', tamperBefore: 'bad-signature' })
    expect(start(null).note).toBeUndefined()
  })

  it('dropped without the panel: the switch goes back and nothing is kept', () => {
    const storage = memoryStorage()
    keepFlowRun({ ...atStep3, tamperBefore: 'stale-date' }, storage)
    expect(flowRunKept(storage)).toBe(true)
    const writes: unknown[] = []
    const tamper = {
      read: () => undefined,
      write: (v: unknown) => void writes.push(v),
      subscribe: () => () => {},
    }
    dropFlowRun(tamper, storage)
    expect(writes).toEqual(['stale-date'])
    expect(flowRunKept(storage)).toBe(false)
    // Nothing kept: the switch is the user's and stays.
    dropFlowRun(tamper, storage)
    expect(writes).toEqual(['stale-date'])
  })
})
