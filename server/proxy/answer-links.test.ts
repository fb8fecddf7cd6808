// The upstream's `_links` through the proxy (docs/decisions.md#links-through-the-proxy): a curl or Postman user
// of the proxy follows them through /api like Location, every other byte comes as the upstream sent it, and the
// trace rebuilds the answer as sent for the inspector.
import type { Server } from 'node:http'
import { afterAll, describe, expect, it } from 'vitest'
import { upstreamAnswerOf } from '../../src/api/console-trace'
import { type BankTraits, personalityProfiles } from '../../src/contract/bank-profile'
import { personalityOf } from '../../src/sandbox-http/personality'
import { createSandboxService } from '../sandbox-service'
import { fakeApp } from '../test-support/fake-app'
import { fakeUpstream } from '../test-support/fake-upstream'
import { close, json, listen, send, traceOf } from '../test-support/http'
import { LINKS_BUFFER_BYTES } from './forward'

const servers: Server[] = []
afterAll(() => Promise.all(servers.map(close)))

async function started(server: Server): Promise<number> {
  servers.push(server)
  return listen(server)
}

const headers = () => ({ 'content-type': 'application/json', 'x-request-id': crypto.randomUUID() })
/** 17 digits, the most an amount has (14 before the point, 3 after): a double keeps 15 to 17. */
const AMOUNTS = ['12345678901234.567', '-98765432109876.543']

/** Our own sandbox in `traits`' shape, the proxy before it, and an account holding two 17-digit amounts. */
async function sandboxWithAccount(traits: BankTraits) {
  const service = createSandboxService({
    personality: personalityOf('links-test', 'links through the proxy', traits),
    signatures: { kind: 'off' },
    maxBodyBytes: 1024 * 1024,
  })
  const sandbox = await started(service)
  const proxy = await started(fakeApp({ upstream: new URL(`http://127.0.0.1:${sandbox}${traits.basePath}`) }))
  const created = await send(proxy, '/api/v1/sandbox/card-accounts', {
    method: 'POST',
    headers: headers(),
    body: JSON.stringify({ maskedPan: '525412******3241', currency: 'NOK', customerNumber: '13039319955' }),
  })
  expect(created.status, created.text).toBe(201)
  const id = created.headers.location?.split('/').at(-1) as string
  const rows = AMOUNTS.map(
    (amount, i) =>
      `{"cardTransactionId":"t${i}","bookingDate":"2024-01-0${i + 2}","transactionDate":"2024-01-0${i + 2}",` +
      `"transactionAmount":{"currency":"NOK","amount":${amount}},"originalAmount":{"currency":"NOK","amount":${amount}},` +
      '"merchantCategoryCode":"5411"}',
  )
  const added = await send(proxy, `/api/v1/sandbox/card-accounts/${id}/transactions`, {
    method: 'POST',
    headers: headers(),
    body: `[${rows.join(',')}]`,
  })
  expect(added.status, added.text).toBe(201)
  return { sandbox, proxy, id }
}

const linksOf = (text: string) =>
  (JSON.parse(text) as { cardTransactions: { _links: Record<string, { href: string }> } }).cardTransactions
    ._links

describe.each([
  [
    'absolute, with a base path',
    { ...personalityProfiles['number-amounts'], links: 'absolute', basePath: '/api-sandbox' },
  ],
  ['relative, with a base path', { ...personalityProfiles['number-amounts'], basePath: '/bank/api-sandbox' }],
  ['relative, no base path', personalityProfiles['number-amounts']],
] as const)('links %s', (_, traits) => {
  it('lead through /api, every other byte as the sandbox sent it, 17-digit number amounts included', async () => {
    const { sandbox, proxy, id } = await sandboxWithAccount(traits)
    const page = `/v1/sandbox/card-accounts/${id}/transactions?bookingStatus=booked&limit=1`
    const relayed = await send(proxy, `/api${page}`, { headers: headers() })
    expect(relayed.status, relayed.text).toBe(200)
    const links = linksOf(relayed.text)
    expect(links.next?.href).toBe(
      `/api/v1/sandbox/card-accounts/${id}/transactions?bookingStatus=booked&offset=1&limit=1`,
    )
    expect(Object.values(links).every(({ href }) => href.startsWith('/api/v1/sandbox/'))).toBe(true)
    expect(relayed.text).toContain(`"amount":${AMOUNTS[1]}`)

    // The link a curl user follows answers the next page, through the proxy.
    const next = await send(proxy, links.next?.href as string, { headers: headers() })
    expect(next.status, next.text).toBe(200)
    expect(next.text).toContain(`"amount":${AMOUNTS[0]}`)
    expect(Number(next.headers['content-length'])).toBe(Buffer.byteLength(next.text))

    // The inspector rebuilds the answer exactly as the sandbox sent it.
    const direct = await send(sandbox, `${traits.basePath}${page}`, { headers: headers() })
    expect(linksOf(direct.text).next?.href).not.toBe(links.next?.href)
    const trace = traceOf(relayed.headers)
    expect(trace.links?.count).toBe(Object.keys(links).length)
    expect(upstreamAnswerOf(trace.links, relayed.text)).toBe(direct.text)
  })
})

describe("a bank's answer with links of every form", () => {
  const upstreamAnswer = (body: (origin: string) => string) =>
    fakeUpstream((req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(body(`http://${req.headers.host}`)),
    )

  it('maps only hrefs under _links onto /api, escaped slashes too; other links and fields stay', async () => {
    const bankBody = (origin: string) =>
      '{"cardTransactions":{"booked":[{"amount":1.0000000000000001,"href":"/v1/sandbox/card-accounts/a",' +
      '"_links":{"transactionDetails":{"href":"\\/api-sandbox\\/v1\\/sandbox\\/card-accounts\\/a\\/transactions\\/t1"}}}],' +
      `"_links":{"first":{"href":"${origin}/api-sandbox/v1/sandbox/card-accounts/a/transactions?offset=0"},` +
      '"next":{"href":"/v1/sandbox/card-accounts/a/transactions?offset=1", "title":"/v1/sandbox/x"},' +
      '"other":{"href":"https://elsewhere.example/api-sandbox/v1/sandbox/card-accounts/a"},' +
      '"outside":{"href":"/api-sandbox/v2/other"},' +
      '"list":[{"href":"/api-sandbox/v1/sandbox-console/card-accounts/a/summary"}]}}}'
    const bank = upstreamAnswer(bankBody)
    const origin = `http://127.0.0.1:${await started(bank.server)}`
    const proxy = await started(fakeApp({ upstream: new URL(`${origin}/api-sandbox`) }))
    const relayed = await send(proxy, '/api/v1/sandbox/card-accounts', { headers: headers() })
    expect(relayed.status).toBe(200)
    const sent = bankBody(origin)
    expect(relayed.text).toBe(
      sent
        .replace(`"${origin}/api-sandbox/v1/sandbox/`, '"/api/v1/sandbox/')
        .replace(
          '"href":"/v1/sandbox/card-accounts/a/transactions',
          '"href":"/api/v1/sandbox/card-accounts/a/transactions',
        )
        .replace(
          '"\\/api-sandbox\\/v1\\/sandbox\\/card-accounts\\/a\\/transactions\\/t1"',
          '"/api/v1/sandbox/card-accounts/a/transactions/t1"',
        )
        .replace('"/api-sandbox/v1/sandbox-console/', '"/api/v1/sandbox-console/'),
    )
    expect(Number(relayed.headers['content-length'])).toBe(Buffer.byteLength(relayed.text))
    expect(traceOf(relayed.headers).links?.count).toBe(4)
    expect(upstreamAnswerOf(traceOf(relayed.headers).links, relayed.text)).toBe(sent)
  })

  it(`refuses JSON over ${LINKS_BUFFER_BYTES / 1024 / 1024} MiB in words, sending none of it`, async () => {
    const bank = upstreamAnswer(() => `{"cardAccounts":[],"pad":"${'x'.repeat(LINKS_BUFFER_BYTES)}"}`)
    const proxy = await started(
      fakeApp({ upstream: new URL(`http://127.0.0.1:${await started(bank.server)}`) }),
    )
    const answer = await send(proxy, '/api/v1/sandbox/card-accounts', { headers: headers() })
    expect(answer.status).toBe(502)
    expect(json(answer)).toMatchObject({
      tppMessages: [
        {
          code: 'UPSTREAM_INVALID',
          text: expect.stringMatching(/more than 8 MiB.*_links.*nothing of it was relayed/),
        },
      ],
    })
  })
})
