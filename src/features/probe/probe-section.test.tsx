// "Check this sandbox…" in the Connection panel: the plan before it starts, each request live, a cancel, the
// parity report with each trait's evidence, what changed since the last check, and offline made like the bank.
import 'fake-indexeddb/auto'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { readOfflinePersonality } from '../../api'
import { openScenarioLibrary } from '../../app/scenario-library'
import {
  type BankTraits,
  bankProfileFileOf,
  personalityProfiles,
  unknownTraits,
} from '../../contract/bank-profile'
import {
  CONSOLE_PROBE_PATH,
  NEEDS_BAD_SIGNATURES,
  type ProbeEvent,
  type ProbeExchange,
} from '../../contract/probe'
import { captureDownloads } from '../../test/downloads'
import { browserAsksBeforeLeaving } from '../../test/leaving'
import { proxyAnswers, renderConsole, sandboxForEachTest } from '../../test/render-console'
import { lastCheckOf, learnedProfiles } from './last-check'
import { resetProbeRun } from './probe-run'

const { server } = sandboxForEachTest()
afterEach(() => {
  resetProbeRun()
  vi.restoreAllMocks()
})

const UPSTREAM = 'https://psd2.example-bank.no/api-sandbox'
const probeUrl = `${location.origin}${CONSOLE_PROBE_PATH}`

function exchange(index: number, method: string, path: string, status: number, body?: string): ProbeExchange {
  return {
    index,
    startedAt: Date.parse('2026-11-26T10:00:00Z') + index,
    durationMs: 12,
    method,
    url: `${UPSTREAM}${path}`,
    path,
    requestHeaders: [
      ['X-Request-ID', `probe-${index}`],
      ['Signature', 'keyId="SN=1,CA=CN=Bank",algorithm="rsa-sha256",headers="digest",signature="c2ln"'],
      ...(body === undefined ? [] : ([['Content-Type', 'application/json']] as [string, string][])),
    ],
    ...(body === undefined ? {} : { requestBody: body }),
    signingString: `x-request-id: probe-${index}`,
    keyId: 'SN=1,CA=CN=Bank',
    status,
    responseHeaders: [['content-type', 'application/json']],
    responseBody: status === 201 ? '{"resourceId":"enc!!abc","customerNumber":"13039319955"}' : '{}',
  }
}

const accounts = '/v1/sandbox/card-accounts'
const first = exchange(1, 'GET', accounts, 405)
const created = exchange(4, 'POST', accounts, 201, '{"customerNumber":"13039319955","name":"probe"}')
const pendingRead = exchange(7, 'GET', `${accounts}/enc!!abc/transactions?bookingStatus=pending`, 200)

/** The platform as a probe without bad signatures learns it: two traits it does not try stay unknown. */
const probedPlatform: BankTraits = {
  ...personalityProfiles.platform,
  dateHeader: 'unknown',
  keyId: 'unknown',
}

/** A probe's outcome, with the evidence a real run names. */
function done(traits: BankTraits = probedPlatform, stopped?: string): Extract<ProbeEvent, { event: 'done' }> {
  return {
    event: 'done',
    outcome: {
      traits,
      requests: 11,
      accountId: 'enc!!abc',
      evidence: { accountList: [1], ids: [4], extraFields: [4], pending: [7] },
      notProbed: { dateHeader: NEEDS_BAD_SIGNATURES, keyId: NEEDS_BAD_SIGNATURES },
      ...(stopped === undefined ? {} : { stopped }),
    },
    profile: bankProfileFileOf(traits, { source: `${UPSTREAM}`, learnedAt: '2026-11-26T10:00:05.000Z' }),
  }
}

/** The proxy's stream, fed by the test one event at a time. */
function proxyStream() {
  const encoder = new TextEncoder()
  let controller!: ReadableStreamDefaultController<Uint8Array>
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c
    },
  })
  const asked: { method: string; body: string }[] = []
  server.use(
    http.post(probeUrl, async ({ request }) => {
      asked.push({ method: 'POST', body: await request.text() })
      return new HttpResponse(body, { headers: { 'content-type': 'application/x-ndjson' } })
    }),
    http.delete(probeUrl, () => {
      asked.push({ method: 'DELETE', body: '' })
      return new HttpResponse(null, { status: 204 })
    }),
  )
  return {
    asked,
    send(event: ProbeEvent) {
      controller.enqueue(encoder.encode(`${JSON.stringify(event)}\n`))
    },
    end: () => controller.close(),
  }
}

/** `openedAt`: a view the console moves to before the panel opens, so that Back leaves it. */
async function openPanel({ presenting = false, openedAt = '' } = {}) {
  server.use(...proxyAnswers({ upstream: UPSTREAM, local: false }))
  renderConsole('', 'proxy')
  if (openedAt !== '') history.pushState(null, '', openedAt)
  if (presenting) {
    if (!screen.queryByRole('button', { name: 'Presenter mode' })) {
      fireEvent.click(await screen.findByRole('button', { name: 'Explain & share' }))
    }
    fireEvent.click(screen.getByRole('button', { name: 'Presenter mode' }))
  }
  fireEvent.click(await screen.findByRole('button', { name: 'Settings' }))
  fireEvent.click(await screen.findByRole('button', { name: 'Connection' }))
  const panel = await screen.findByRole('dialog', { name: 'Connection' })
  return within(panel).getByRole('region', { name: 'Check this sandbox' })
}

async function startCheck(section: HTMLElement) {
  fireEvent.click(within(section).getByRole('button', { name: 'Check this sandbox…' }))
  fireEvent.click(await within(section).findByRole('button', { name: 'Start the check' }))
}

describe('Check this sandbox', () => {
  it('says what it will send before it starts, and refuses a customer number that is none', async () => {
    const section = await openPanel()
    fireEvent.click(within(section).getByRole('button', { name: 'Check this sandbox…' }))
    expect(await within(section).findByText(/^The probe sends at most 11 signed requests to /)).toBeDefined()
    expect(section.textContent).toContain(`${UPSTREAM}`)
    expect(section.textContent).toContain('It creates ONE card account (named "Sandbox Console probe")')
    // The page names its checkbox where npm run probe names its flag.
    expect(section.textContent).toContain(
      'Date and keyId strictness stay unknown (tick "Also send bad signatures" below to probe them).',
    )
    expect(section.textContent).not.toContain('--bad-signatures')
    const customer = within(section).getByRole('textbox', { name: 'Customer number of the probe account' })
    expect((customer as HTMLInputElement).value).toBe('13039319955')
    fireEvent.change(customer, { target: { value: '12' } })
    fireEvent.click(within(section).getByRole('button', { name: 'Start the check' }))
    expect(document.activeElement).toBe(
      within(section).getByRole('textbox', {
        name: 'Customer number of the probe account',
        description: /^customerNumber must be the PSU id: 8 to 11 digits/,
      }),
    )
  })

  it('shows each request as it ends, then the parity report with the evidence', async () => {
    const proxy = proxyStream()
    const section = await openPanel()
    await startCheck(section)
    await within(section).findByText('Starting the check…')
    proxy.send({ event: 'plan', lines: ['…'], maxRequests: 9 })
    proxy.send({ event: 'exchange', exchange: first })
    expect(
      await within(section).findByText('Request 1 of at most 11: GET /v1/sandbox/card-accounts answered 405'),
    ).toBeDefined()
    expect(JSON.parse(proxy.asked[0]?.body ?? '')).toEqual({ customerNumber: '13039319955' })
    proxy.send({ event: 'exchange', exchange: created })
    proxy.send({ event: 'exchange', exchange: pendingRead })
    proxy.send(done())
    proxy.end()

    const table = await within(section).findByRole('table', {
      name: 'This bank beside the offline sandbox (offline behaves like: console)',
    })
    const row = (trait: string) => table.querySelector(`tr[data-trait="${trait}"]`) as HTMLElement
    expect(row('accountList').textContent).toBe(
      'List of card accounts accountListlistedabsent differs#1 GET /v1/sandbox/card-accounts 405',
    )
    expect(row('amounts').textContent).toContain('stringstring same')
    expect(row('keyId').textContent).toContain('needs a deliberately bad signature')
    expect(within(section).getByRole('status').textContent).toBe(
      '11 requests sent; 19 of 21 traits settled; 7 differ from offline.',
    )
    // The evidence opens as the inspector shows a request: the path under /api and as signed for the bank.
    fireEvent.click(within(row('ids')).getByRole('button', { name: '#4 POST /v1/sandbox/card-accounts 201' }))
    const opened = within(section).getByRole('region', { name: 'Evidence' })
    expect(opened.textContent).toContain('Evidence: #4 POST /v1/sandbox/card-accounts 201')
    expect(opened.textContent).toContain('Forwarded by the proxy')
    // A read of the probe account names it in words, not by its 90-character id.
    expect(within(row('pending')).getByRole('button').textContent).toBe(
      '#7 GET /v1/sandbox/card-accounts/(probe account)/transactions?bookingStatus=pending 200',
    )
    expect(opened.textContent).toContain(`${UPSTREAM}/v1/sandbox/card-accounts`)
    expect(opened.textContent).toMatch(/"resourceId": ?"enc!!abc"/)
    // The inspector lists the probe's requests with the console's own.
    const inspector = screen.getByRole('region', { name: 'Request inspector' })
    expect(inspector.textContent).toContain(
      'GET /api/v1/sandbox/card-accounts/enc!!abc/transactions?bookingStatus=pending 200',
    )
  })

  it('closes with a request shown without stopping the console', async () => {
    // As Chromium's does, scrollIntoView answers a promise.
    const pagesOwn = vi
      .spyOn(Element.prototype, 'scrollIntoView')
      .mockImplementation(() => Promise.resolve() as unknown as undefined)
    try {
      const proxy = proxyStream()
      const section = await openPanel()
      await startCheck(section)
      proxy.send({ event: 'exchange', exchange: created })
      proxy.send(done())
      proxy.end()
      const ids = (await within(section).findByRole('table')).querySelector('tr[data-trait="ids"]')
      fireEvent.click(within(ids as HTMLElement).getByRole('button', { name: /^#4 POST/ }))
      const dialog = screen.getByRole('dialog', { name: 'Connection' })
      fireEvent.click(within(dialog).getAllByRole('button', { name: 'Close' })[0] as HTMLElement)
      expect(screen.queryByRole('dialog', { name: 'Connection' })).toBeNull()
      expect(screen.queryByRole('heading', { name: 'The console stopped' })).toBeNull()
    } finally {
      pagesOwn.mockRestore()
    }
  })

  it('cancels: nothing more is sent, and the report keeps what was learned', async () => {
    const proxy = proxyStream()
    const section = await openPanel()
    await startCheck(section)
    proxy.send({ event: 'exchange', exchange: first })
    fireEvent.click(await within(section).findByRole('button', { name: 'Cancel the check' }))
    expect(
      await within(section).findByText('Cancelling: the check stops after the request under way…'),
    ).toBeDefined()
    await expect.poll(() => proxy.asked.map(({ method }) => method)).toEqual(['POST', 'DELETE'])
    proxy.send(done({ ...probedPlatform, amounts: 'unknown' }, 'cancelled before GET /v1/…'))
    proxy.end()
    expect(
      await within(section).findByText(/^Stopped early: cancelled before GET \/v1\/…\. What the answers/),
    ).toBeDefined()
    expect(section.textContent).toContain('The check stopped early: too little is known')
  })

  it('a later check shows what changed since the last one', async () => {
    const earlier = proxyStream()
    let section = await openPanel()
    await startCheck(section)
    earlier.send(done())
    earlier.end()
    expect(await within(section).findByRole('table')).toBeDefined()
    expect(section.textContent).not.toContain('since the check of')

    const later = proxyStream()
    fireEvent.click(within(section).getByRole('button', { name: 'Check again…' }))
    fireEvent.click(await within(section).findByRole('button', { name: 'Start the check' }))
    later.send(done({ ...probedPlatform, amounts: 'number' }))
    later.end()
    section = await screen.findByRole('region', { name: 'Check this sandbox' })
    expect(
      await within(section).findByText(/^Changed since the check of 2026-11-26 \d\d:\d\d: 1 trait\.$/),
    ).toBeDefined()
    expect(within(section).getByText('Amounts: string → number')).toBeDefined()
  })

  it('a later check without bad signatures says what it did not check, not that the bank changed', async () => {
    const withOptIn = proxyStream()
    let section = await openPanel()
    await startCheck(section)
    withOptIn.send(done(personalityProfiles.platform))
    withOptIn.end()
    expect(await within(section).findByRole('table')).toBeDefined()

    const without = proxyStream()
    fireEvent.click(within(section).getByRole('button', { name: 'Check again…' }))
    fireEvent.click(await within(section).findByRole('button', { name: 'Start the check' }))
    without.send(done(probedPlatform))
    without.end()
    section = await screen.findByRole('region', { name: 'Check this sandbox' })
    expect(await within(section).findByText(/^Nothing changed since the check of /)).toBeDefined()
    expect(within(section).getByText('Not checked this time: Date header, keyId strictness.')).toBeDefined()
  })

  it('keeps the last complete check when a later one stops early, and offers only that one', async () => {
    const complete = proxyStream()
    let section = await openPanel()
    await startCheck(section)
    complete.send(done())
    complete.end()
    expect(await within(section).findByRole('table')).toBeDefined()

    // The upstream is no sandbox now: the check stops at its first request, knowing the base path alone.
    const stopped = proxyStream()
    fireEvent.click(within(section).getByRole('button', { name: 'Check again…' }))
    fireEvent.click(await within(section).findByRole('button', { name: 'Start the check' }))
    const early = done(
      unknownTraits('/api-sandbox'),
      'GET /v1/sandbox/card-accounts: the upstream does not speak HTTP',
    )
    stopped.send({ ...early, outcome: { ...early.outcome, requests: 1, evidence: {} } })
    stopped.end()
    section = await screen.findByRole('region', { name: 'Check this sandbox' })
    expect(
      await within(section).findByText(
        'The check stopped early: too little is known to make offline behave like this bank.',
      ),
    ).toBeDefined()
    expect(within(section).getByRole('status').textContent).toMatch(
      /^1 request sent; 1 of 21 traits settled;/,
    )
    expect(lastCheckOf(UPSTREAM)?.traits).toEqual(probedPlatform)
    // The Sandbox clock panel's personality picker lists these.
    expect(learnedProfiles().map(({ traits }) => traits)).toEqual([probedPlatform])
  })

  it('makes offline behave like this bank: the learned profile itself, saved as a scenario', async () => {
    const proxy = proxyStream()
    const section = await openPanel()
    await startCheck(section)
    // Platform with number amounts: no personality behaves so.
    const learned = { ...probedPlatform, amounts: 'number' } as const
    proxy.send(done(learned))
    proxy.end()
    expect(
      await within(section).findByText(
        "Offline can behave like this bank in every trait the check settled. The 2 it did not settle stay unknown, and offline takes the contract's behaviour for them: Date header, keyId strictness.",
      ),
    ).toBeDefined()
    fireEvent.click(within(section).getByRole('button', { name: 'Make offline behave like this bank' }))
    const label = /^Learned from https:\/\/psd2\.example-bank\.no\/api-sandbox, 2026-11-26 \d\d:\d\d$/
    const status = await within(section).findByText(/Saved as the scenario "/)
    const [, scenario] = /Saved as the scenario "([^"]+)"/.exec(status.textContent ?? '') ?? []
    expect(scenario).toMatch(label)
    expect(status.textContent).toMatch(/^Offline, the sandbox behaves like: Learned from https:\/\/psd2/)
    expect(readOfflinePersonality()).toEqual(done(learned).profile)
    const saved = await openScenarioLibrary().get(scenario ?? '')
    expect(saved?.personality).toEqual(done(learned).profile)
    expect(saved?.cardAccounts).toEqual([])
    // The report now sets the bank beside offline as it will be.
    const caption = within(section).getByRole('table').querySelector('caption')?.textContent ?? ''
    expect(
      caption.replace(/^This bank beside the offline sandbox \(offline behaves like: (.*)\)$/, '$1'),
    ).toMatch(label)
    expect(section.textContent).toContain('the offline sandbox agrees with every one')
    // What the check left unknown, offline does as the contract says: the column says which.
    const dateRow = within(section).getByRole('row', { name: /^Date header/ })
    expect(within(dateRow).getAllByRole('cell')[0]?.textContent).toMatch(/^unknown, so the contract's: \S/)
  })

  it('refuses a profile the offline sandbox cannot serve, saying why, and changes nothing', async () => {
    const proxy = proxyStream()
    const section = await openPanel()
    await startCheck(section)
    // A profile contradicting itself: the one kind no sandbox can serve.
    proxy.send(
      done({ ...personalityProfiles.platform, pageSizeDefault: 50, pageCap: { max: 25, above: 'lowered' } }),
    )
    proxy.end()
    fireEvent.click(
      await within(section).findByRole('button', { name: 'Make offline behave like this bank' }),
    )
    const alert = await within(section).findByRole('alert')
    expect(alert.textContent).toContain(
      'The offline sandbox cannot behave like this bank yet; it behaves as before:',
    )
    expect(alert.textContent).toContain('pageSizeDefault 50 is above the page cap of 25')
    expect(readOfflinePersonality()).toBe('console')
  })

  it('saves the report as a console file, its evidence redacted as exports are', async () => {
    const downloads = captureDownloads()
    const proxy = proxyStream()
    const section = await openPanel()
    await startCheck(section)
    proxy.send({ event: 'exchange', exchange: first })
    proxy.send({ event: 'exchange', exchange: created })
    proxy.send(done())
    proxy.end()
    fireEvent.click(await within(section).findByRole('button', { name: 'Save report' }))
    const [file] = await downloads()
    expect(file?.name).toMatch(/^sandbox-console-probe-report-\d{4}-\d\d-\d\d\.json$/)
    const report = file?.json as {
      kind: string
      source: string
      requestsSent: number
      offlineBehavesLike: string
      traits: { trait: string }[]
      profile: unknown
      evidence: {
        entries: { request: { headers: { name: string; value: string }[]; postData?: { text: string } } }[]
      }
    }
    expect(report).toMatchObject({
      format: 'sandbox-console',
      kind: 'probe-report',
      source: UPSTREAM,
      requestsSent: 11,
      offlineBehavesLike: 'console',
      profile: done().profile,
    })
    const trait = (name: string) => report.traits.find(({ trait }) => trait === name)
    expect(trait('accountList')).toEqual({
      trait: 'accountList',
      name: 'List of card accounts',
      offline: 'listed',
      bank: 'absent',
      verdict: 'differs',
      settledBy: ['#1 GET /v1/sandbox/card-accounts 405'],
    })
    expect(trait('amounts')).toMatchObject({ verdict: 'same' })
    expect(trait('keyId')).toMatchObject({
      verdict: 'unknown',
      unknownBecause: expect.stringContaining('needs a deliberately bad signature'),
    })
    // The requests as the Share dialog's HAR writes them by default: no live signature, no customer number.
    const [, post] = report.evidence.entries
    const signature = post?.request.headers.find(({ name }) => name === 'Signature')
    expect(signature?.value).toContain('signature="[redacted]"')
    expect(post?.request.postData?.text).toContain('"customerNumber":"[redacted]"')
    expect(JSON.stringify(report)).not.toContain('13039319955')
  })

  it('sends bad signatures only when asked, after saying they use the real TPP key', async () => {
    const proxy = proxyStream()
    const section = await openPanel()
    fireEvent.click(within(section).getByRole('button', { name: 'Check this sandbox…' }))
    const optIn = await within(section).findByRole('checkbox', {
      name: 'Also send bad signatures (keyId strictness, Date required)',
    })
    expect((optIn as HTMLInputElement).checked).toBe(false)
    expect(optIn.getAttribute('aria-describedby')).not.toBeNull()
    const warning = document.getElementById(optIn.getAttribute('aria-describedby') ?? '')
    expect(warning?.textContent).toMatch(
      /^These requests deliberately carry bad signatures made with your real TPP key/,
    )
    expect(within(section).getByText(/^The probe sends at most 11 signed requests/)).toBeDefined()
    fireEvent.click(optIn)
    // The plan counts the two bad signatures and says what they are before anything is sent.
    expect(within(section).getByText(/^The probe sends at most 13 signed requests/)).toBeDefined()
    expect(
      within(section).getByText(/^2 of them are deliberately bad signatures made with the real TPP key/),
    ).toBeDefined()
    fireEvent.click(within(section).getByRole('button', { name: 'Start the check' }))
    await expect.poll(() => proxy.asked.length).toBe(1)
    proxy.send({ event: 'exchange', exchange: first })
    expect(await within(section).findByText(/^Request 1 of at most 13/)).toBeDefined()
    expect(JSON.parse(proxy.asked[0]?.body ?? '')).toEqual({
      customerNumber: '13039319955',
      badSignatures: true,
    })
    proxy.send(done())
    proxy.end()
    expect(await within(section).findByRole('table')).toBeDefined()
  })

  it('goes on through Back, and a reload or a mode switch asks first', async () => {
    const proxy = proxyStream()
    const section = await openPanel({ openedAt: '/?status=booked' })
    await startCheck(section)
    proxy.send({ event: 'exchange', exchange: first })
    await within(section).findByText(/^Request 1 of at most 11/)
    expect(browserAsksBeforeLeaving()).toBe(true)
    // Back closes the panel; the check is not the panel's.
    history.back()
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Connection' })).toBeNull())
    // A mode switch reloads the page, which would cancel it: the console asks, and "no" stays.
    const asked: string[] = []
    vi.spyOn(window, 'confirm').mockImplementation((question) => {
      asked.push(question ?? '')
      return false
    })
    fireEvent.change(screen.getByRole('combobox', { name: /^Mode/ }), { target: { value: 'offline' } })
    expect(asked).toEqual([
      'A check of this sandbox is running (1 of at most 11 requests sent). Switching to Offline (in-browser) reloads the page, which cancels the check: its report is lost, and the probe account stays at the bank. Leave anyway?',
    ])
    expect(localStorage.getItem('sandbox-console.mode')).not.toBe('offline')
    proxy.send({ event: 'exchange', exchange: created })
    proxy.send(done())
    proxy.end()
    fireEvent.click(await screen.findByRole('button', { name: 'Settings' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Connection' }))
    const back = await screen.findByRole('region', { name: 'Check this sandbox' })
    expect(await within(back).findByRole('table')).toBeDefined()
    expect(proxy.asked.map(({ method }) => method)).toEqual(['POST'])
    expect(browserAsksBeforeLeaving()).toBe(false)
  })

  it('says why the proxy refused to start it', async () => {
    server.use(
      http.post(probeUrl, () =>
        HttpResponse.json(
          {
            tppMessages: [
              {
                category: 'ERROR',
                code: 'SERVICE_UNAVAILABLE',
                text: 'A check of this sandbox is already running',
              },
            ],
          },
          { status: 409 },
        ),
      ),
    )
    const section = await openPanel()
    await startCheck(section)
    expect(await within(section).findByRole('alert')).toBeDefined()
    expect(section.textContent).toContain('A check of this sandbox is already running')
  })

  it('in presenter mode masks the probe customer, in the field, the report and the evidence', async () => {
    const proxy = proxyStream()
    const section = await openPanel({ presenting: true })
    fireEvent.click(within(section).getByRole('button', { name: 'Check this sandbox…' }))
    const customer = await within(section).findByRole('textbox', {
      name: /^Customer number of the probe account/,
    })
    expect((customer as HTMLInputElement).value).toBe('•••••••••55')
    fireEvent.click(within(section).getByRole('button', { name: 'Start the check' }))
    proxy.send({ event: 'exchange', exchange: created })
    proxy.send(done())
    proxy.end()
    await within(section).findByRole('table')
    expect(section.textContent).toContain('(customer •••••••••55)')
    const row = section.querySelector('tr[data-trait="ids"]') as HTMLElement
    fireEvent.click(within(row).getByRole('button', { name: /^#4 POST/ }))
    const evidence = within(section).getByRole('region', { name: 'Evidence' })
    expect(evidence.textContent).toMatch(/"customerNumber": ?"•••••••••55"/)
    expect(section.textContent).not.toContain('13039319955')
  })
})
