import { describe, expect, it } from 'vitest'
import { MAX_SHARE_FRAGMENT_CHARS, personalitySummaries, type ShareLink } from '../../contract'
import { createdAccountEntry } from './fixtures'
import { decodeShareLink, encodeShareLink } from './link-codec'
import { REDACTED } from './redact'
import { buildShareLink, changesOf, plannedChanges, type ShareSettings } from './share-link'

const settings: ShareSettings = {
  mode: 'offline',
  tamper: 'stale-date',
  clock: { setting: { kind: 'follows', offsetDays: 3 }, settlePendingAfterDays: null },
  conditions: {
    rules: [{ id: 'a', operation: 'listTransactions', kind: 'error', status: 503, probability: 1, seed: 1 }],
  } as ShareSettings['conditions'],
  personality: 'console',
}
const VIEW = '?account=acc-1&status=both&from=2026-01-01&offset=50&limit=50&fix=1'

/** A fragment as anyone could write it, past the console's own encoder (which checks what it encodes). */
async function craftedFragment(value: unknown): Promise<string> {
  const bytes = new TextEncoder().encode(JSON.stringify(value))
  const deflated = new Uint8Array(
    await new Response(
      new Blob([bytes]).stream().pipeThrough(new CompressionStream('deflate-raw')),
    ).arrayBuffer(),
  )
  return `#share=${Buffer.from(deflated).toString('base64url')}`
}

describe('the link payload', () => {
  it('comes back whole from the fragment', async () => {
    const link = buildShareLink(settings, VIEW, createdAccountEntry(), { redact: true })
    const encoded = await encodeShareLink(link)
    if (!encoded.ok) throw new Error('too long')
    expect(encoded.fragment).toMatch(/^#share=[A-Za-z0-9_-]+$/)
    expect(await decodeShareLink(encoded.fragment)).toEqual({ ok: true, link })
  })

  it('offers no link past 8 KB, and says how long it would be', async () => {
    const noise = Array.from({ length: 20_000 }, (_, i) => ((i * 7919) % 65_521).toString(36)).join('')
    const big = createdAccountEntry({ responseBody: noise })
    const encoded = await encodeShareLink(buildShareLink(settings, VIEW, big, { redact: true }))
    expect(encoded.ok).toBe(false)
    expect(encoded.ok ? 0 : encoded.chars).toBeGreaterThan(MAX_SHARE_FRAGMENT_CHARS)
  })

  it('names a damaged link and one from a newer console', async () => {
    expect(await decodeShareLink('#share=AAAA')).toEqual({
      ok: false,
      reason: 'the link is cut short or damaged (copy it again, whole)',
    })
    const newer = { ...buildShareLink(settings, VIEW, undefined, { redact: true }), version: 3 }
    expect(await decodeShareLink(await craftedFragment(newer))).toEqual({
      ok: false,
      reason: 'the link was made by a newer console (version 3)',
    })
    expect(await decodeShareLink('#other')).toBeUndefined()
  })

  it('refuses a setting outside what the setting itself takes, as any other bad field', async () => {
    const link = buildShareLink(settings, VIEW, undefined, { redact: true })
    // A Signature outside the switch's choices was listed as a change, set as "signed correctly", and
    // asked for again after each reload, for ever.
    const outside = [
      { tamper: 'explode' },
      { version: 1, tamper: 'explode', personality: undefined },
      { mode: 'elsewhere' },
      { personality: 'a-bank-never-heard-of' },
      { clock: { setting: { kind: 'follows', offsetDays: 'soon' }, settlePendingAfterDays: null } },
      { conditions: { rules: [{ id: 'x', operation: 'listTransactions', kind: 'explode' }] } },
    ]
    for (const fields of outside) {
      expect(
        await decodeShareLink(await craftedFragment({ ...link, ...fields })),
        JSON.stringify(fields),
      ).toEqual({
        ok: false,
        reason: 'the link does not hold a view this console can read',
      })
    }
  })

  it('refuses a request whose method is no HTTP token: it would reach "Copy as curl"', async () => {
    for (const method of [';touch /tmp/P;#', 'GET\ntouch /tmp/P', 'GET /x', '$(id)', 'GÉT']) {
      const link = buildShareLink(settings, VIEW, createdAccountEntry(), { redact: true })
      const crafted = { ...link, request: { ...link.request, method } }
      expect(await decodeShareLink(await craftedFragment(crafted))).toEqual({
        ok: false,
        reason: 'the link does not hold a view this console can read',
      })
    }
  })
})

describe('redaction', () => {
  it('hides PSU ids and customer numbers, keeps amounts as written, never a cookie', () => {
    const { request } = buildShareLink(settings, VIEW, createdAccountEntry(), { redact: true })
    expect(request?.requestHeaders).toContainEqual(['PSU-ID', REDACTED])
    expect(request?.requestBody).toBe(
      `{"maskedPan":"123456******1234","currency":"EUR","customerNumber":"${REDACTED}","creditLimit":{"currency":"EUR","amount":1000.10}}`,
    )
    expect(request?.responseBody).toBe(`{"resourceId":"acc-1","customerNumber":"${REDACTED}"}`)
    expect(request?.signingString).toMatch(/\npsu-id: \[redacted\]$/)
    expect(JSON.stringify(request)).not.toContain('13039319955')
    expect(JSON.stringify(request)).not.toContain('secret')
  })

  it('keeps them when the user says so, still without the cookie', () => {
    const { request } = buildShareLink(settings, VIEW, createdAccountEntry(), { redact: false })
    expect(request?.requestHeaders).toContainEqual(['PSU-ID', '13039319955'])
    expect(request?.responseBody).toContain('13039319955')
    expect(request?.responseHeaders.map(([name]) => name)).toEqual(['content-type'])
  })
})

describe('what opening a link would change', () => {
  const link: ShareLink = buildShareLink(settings, VIEW, undefined, { redact: true })

  it('is nothing when the settings are the same', () => {
    expect(changesOf(link, settings)).toEqual([])
  })

  it('names each setting that differs, from and to', () => {
    const here: ShareSettings = {
      mode: 'proxy',
      tamper: null,
      clock: { setting: { kind: 'follows', offsetDays: 0 }, settlePendingAfterDays: null },
      conditions: { rules: [] },
      personality: null,
    }
    expect(changesOf(link, here)).toEqual([
      { setting: 'Mode', from: 'Proxy', to: 'Offline' },
      { setting: 'Sandbox clock', from: 'the real date', to: '+3 days' },
      { setting: 'Conditions', from: 'none', to: expect.stringContaining('503') },
      { setting: 'Signature', from: 'signed correctly', to: 'stale Date (10 min)' },
    ])
  })

  it('leaves a clock alone that this sandbox does not have', () => {
    expect(changesOf(link, { ...settings, clock: null })).toEqual([])
  })
})

describe('the bank personality a link carries', () => {
  const made = (personality: ShareSettings['personality']) =>
    buildShareLink({ ...settings, personality }, VIEW, undefined, { redact: true })

  it('is named among the changes when it differs from the one here, as the picker names it', async () => {
    const link = made('booked-only')
    const encoded = await encodeShareLink(link)
    if (!encoded.ok) throw new Error('too long')
    expect(await decodeShareLink(encoded.fragment)).toEqual({ ok: true, link })
    expect(changesOf(link, settings)).toEqual([
      {
        setting: 'Bank personality',
        from: `console: ${personalitySummaries.console}`,
        to: `booked-only: ${personalitySummaries['booked-only']}`,
      },
    ])
    expect(changesOf(made('console'), settings)).toEqual([])
  })

  // A tester's proxy tab read "as Offline mode has it → console": the internal name, unexplained.
  it('is named as the picker names it in a tab of the other mode too', () => {
    const proxyTab = { ...settings, mode: 'proxy' as const, personality: null }
    expect(plannedChanges(made('console'), proxyTab)).toContainEqual({
      setting: 'Bank personality',
      from: 'as Offline mode has it',
      to: 'console: the contract as written: an account list, UUID ids, amounts as strings',
    })
  })

  it('is left as it is by a link made before links carried it, and by one made in proxy mode', async () => {
    const { personality: _, ...older } = { ...made('booked-only'), personality: 'booked-only', version: 1 }
    const decoded = await decodeShareLink(await craftedFragment(older))
    expect(decoded).toMatchObject({ ok: true })
    if (!decoded?.ok) throw new Error('refused')
    // The same settings otherwise, as the link holds them once read.
    const here = { ...settings, conditions: decoded.link.conditions, personality: 'booked-only' as const }
    expect(changesOf(decoded.link, here)).toEqual([])
    expect(changesOf(made(null), { ...settings, personality: 'booked-only' })).toEqual([])
  })
})
