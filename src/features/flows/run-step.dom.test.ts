import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ApiClient, createApiClient } from '../../api'
import { setupSandboxServer } from '../../sandbox-http/node'
import { runStep } from './run-step'
import { shippedFlows } from './shipped'

const { server, sandbox } = setupSandboxServer({
  basePath: new URL('/api', location.href).href,
  proxyStandIn: true,
})
let api: ApiClient
beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' })
  api = createApiClient({ mode: 'offline' })
})
afterAll(() => server.close())

const [firstAccount, signatureFailure] = shippedFlows('2026-11-23', new Date(2026, 10, 23, 9, 30))

/** Runs the steps in turn, each on the context the one before left, as the flows panel does. */
async function runAll(steps: Parameters<typeof runStep>[1][]) {
  let context = {}
  const outcomes = []
  for (const step of steps) {
    const outcome = await runStep(api, step, context)
    context = outcome.context
    outcomes.push(outcome)
  }
  return outcomes
}

describe('running a flow step by step through the API client', () => {
  it('creates an account, fills it and reads it, each step on the account the flow created', async () => {
    const steps = firstAccount?.steps ?? []
    // The file's tests share one client: this test reads only the log entries its own steps wrote.
    const loggedBefore = api.log.snapshot().length
    const outcomes = await runAll(steps)
    expect(outcomes.map((o) => o.summary)).toEqual([
      '201 Created: card account 400000******1234',
      '201 Created: 3 transactions',
      '200 OK: 2 transactions',
      '200 OK: 2 transactions',
      '200 OK: 2 transactions',
    ])
    const created = outcomes[0]?.context.account
    expect(outcomes[3]?.view).toMatchObject({ account: created, status: 'booked', fix: true })
    // The last step leaves the console-wide switch off, as the flow found it.
    expect(outcomes[4]?.view).toMatchObject({ account: created, status: 'booked', fix: false })
    const snapshot = await sandbox.exportSnapshot()
    const stored = snapshot.cardAccounts.find((a) => a.account.resourceId === created)
    expect(stored?.transactions).toHaveLength(3)
    // Only the accept-fix step sent the swap (newest first: the last step, the swap, the read before it).
    const logged = api.log.snapshot()
    const reads = logged
      .slice(0, logged.length - loggedBefore)
      .filter((e) => e.kind === 'request' && e.method === 'GET')
    const fixHeader = (e: (typeof reads)[number]) =>
      e.kind === 'request' && e.requestHeaders.some(([name]) => name.toLowerCase() === 'accept-fix')
    expect(reads.map(fixHeader)).toEqual([false, true, false])
  })

  it('spoils a tampered step as the Signature switch does, and a clean step clears it', async () => {
    const steps = signatureFailure?.steps ?? []
    let context = {}
    const outcomes = []
    for (const step of steps) {
      const outcome = await runStep(api, step, context)
      context = outcome.context
      outcomes.push({ status: outcome.status, ok: outcome.ok, tamper: api.settings.tamper.read() })
    }
    expect(outcomes).toEqual([
      { status: 201, ok: true, tamper: undefined },
      { status: 200, ok: true, tamper: undefined },
      { status: 401, ok: false, tamper: 'bad-signature' },
      { status: 401, ok: false, tamper: 'missing-digest' },
      { status: 401, ok: false, tamper: 'stale-date' },
      { status: 200, ok: true, tamper: undefined },
    ])
  })

  // Spec §5.5: each request about a corporate account carries PSU-Corporate-ID, decided as the table decides it.
  it("sends a corporate account's PSU-Corporate-ID with every step about it, reads and writes", async () => {
    const steps = (firstAccount?.steps ?? []).map((step) =>
      step.action === 'createAccount'
        ? {
            ...step,
            body: { ...step.body, customerNumber: '18129215603', customerType: 'corporate' as const },
          }
        : step,
    )
    const outcomes = await runAll(steps)
    expect(outcomes.map((o) => o.status)).toEqual([201, 201, 200, 200, 200])
    const sent = outcomes.slice(1).map(({ sent: id }) => {
      const entry = api.log.snapshot().find((e) => e.id === id)
      return entry?.kind === 'request' ? new Headers(entry.requestHeaders).get('PSU-Corporate-ID') : undefined
    })
    expect(sent).toEqual(['18129215603', '18129215603', '18129215603', '18129215603'])
  })

  it('says so when a step needs an account and the flow has none yet', async () => {
    const read = { action: 'readTransactions', caption: 'Read', bookingStatus: 'booked' } as const
    expect(await runStep(api, read, {})).toMatchObject({
      ok: false,
      status: undefined,
      summary: 'Failed: No card account yet: the flow has not created one',
      view: {},
    })
  })

  it('names the status a refused step got, and keeps the view on the account it was about', async () => {
    const [create] = firstAccount?.steps ?? []
    if (!create) throw new Error('the shipped flow has no first step')
    const { context } = await runStep(api, create, {})
    const read = {
      action: 'readTransactions',
      caption: 'Read',
      bookingStatus: 'booked',
      tamper: 'bad-signature',
    } as const
    const outcome = await runStep(api, read, context)
    api.settings.tamper.write(undefined)
    expect(outcome).toMatchObject({ ok: false, status: 401, view: { account: context.account } })
    expect(outcome.summary).toMatch(/^HTTP 401: \S/)
  })
})
