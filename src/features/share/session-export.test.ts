import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { createdAccountEntry, withoutBody } from './fixtures'
import { LIVE_COMMENT, STALE_COMMENT, toHar } from './har'
import { identityOf, KEY_PLACE, POSTMAN_SCHEMA, postmanBaseUrl, toPostmanCollection } from './postman'

const older = createdAccountEntry()
const newer = withoutBody(
  createdAccountEntry({
    id: 2,
    method: 'GET',
    url: '/api/v1/sandbox/card-accounts/acc-1/transactions?bookingStatus=booked&limit=50',
    status: 200,
  }),
)

describe('HAR 1.2 of the inspector', () => {
  const har = toHar([newer, older], 'http://127.0.0.1:5173', { redact: false })

  it('lists the requests oldest first, with their query, body and answer', () => {
    expect(har.log.version).toBe('1.2')
    expect(har.log.entries.map((e) => `${e.request.method} ${e.request.url}`)).toEqual([
      'POST http://127.0.0.1:5173/api/v1/sandbox/card-accounts',
      'GET http://127.0.0.1:5173/api/v1/sandbox/card-accounts/acc-1/transactions?bookingStatus=booked&limit=50',
    ])
    expect(har.log.entries[1]?.request.queryString).toEqual([
      { name: 'bookingStatus', value: 'booked' },
      { name: 'limit', value: '50' },
    ])
    expect(har.log.entries[0]?.request.postData).toEqual({
      mimeType: 'application/json',
      text: older.requestBody,
    })
    expect(har.log.entries[0]?.response).toMatchObject({
      status: 201,
      content: { mimeType: 'application/json', text: older.responseBody },
    })
    expect(har.log.entries[0]?.startedDateTime).toBe('2026-11-23T10:00:00.000Z')
  })

  it('keeps the signed headers when told to, the signature marked live for 5 minutes, and no cookie', () => {
    const headers = har.log.entries[0]?.request.headers ?? []
    expect(headers.find((h) => h.name === 'Signature')).toEqual({
      name: 'Signature',
      value: 'keyId="SN=80B5,CA=CN=Test CA",algorithm="rsa-sha256",signature="xyz"',
      comment: LIVE_COMMENT,
    })
    expect(LIVE_COMMENT).toContain('live until its Date goes stale 5 minutes later')
    expect(headers.find((h) => h.name === 'PSU-ID')?.value).toBe('13039319955')
    expect(headers.find((h) => h.name === 'Digest')).toMatchObject({ comment: STALE_COMMENT })
    expect(headers.find((h) => h.name === 'Content-Type')).toEqual({
      name: 'Content-Type',
      value: 'application/json',
    })
    expect(har.log.entries[0]?.response.headers.map((h) => h.name)).toEqual(['content-type'])
    expect(JSON.stringify(har)).not.toMatch(/PRIVATE KEY/)
  })

  it('says nothing of signatures on an answer: its Date and echoed X-Request-ID are not signed', () => {
    const answered = toHar(
      [
        {
          ...older,
          responseHeaders: [
            ['Date', 'Mon, 23 Nov 2026 10:00:00 GMT'],
            ['X-Request-ID', '9f0c8e4e-6b1a-4a5e-9a57-0f1e2d3c4b5a'],
          ],
        },
      ],
      'http://127.0.0.1:5173',
      { redact: false },
    )
    expect(answered.log.entries[0]?.response.headers).toEqual([
      { name: 'Date', value: 'Mon, 23 Nov 2026 10:00:00 GMT' },
      { name: 'X-Request-ID', value: '9f0c8e4e-6b1a-4a5e-9a57-0f1e2d3c4b5a' },
    ])
  })
})

describe('a HAR redacted as a link is', () => {
  const corporate = createdAccountEntry({
    requestHeaders: [...createdAccountEntry().requestHeaders, ['PSU-Corporate-ID', 'corp-4711']],
  })
  const har = toHar([corporate], 'http://127.0.0.1:5173', { redact: true })
  const text = JSON.stringify(har)

  it('holds no PSU id, corporate id or customer number, each value marked [redacted]', () => {
    expect(text).not.toContain('13039319955')
    expect(text).not.toContain('corp-4711')
    const headers = har.log.entries[0]?.request.headers ?? []
    expect(headers.find((h) => h.name === 'PSU-ID')?.value).toBe('[redacted]')
    expect(headers.find((h) => h.name === 'PSU-Corporate-ID')?.value).toBe('[redacted]')
    expect(har.log.entries[0]?.request.postData?.text).toContain('"customerNumber":"[redacted]"')
    expect(har.log.entries[0]?.response.content.text).toBe(
      '{"resourceId":"acc-1","customerNumber":"[redacted]"}',
    )
  })

  it('gives the sizes of the bodies it holds, redacted', () => {
    const bytes = (body: string | undefined) => new TextEncoder().encode(body ?? '').length
    const [entry] = har.log.entries
    expect(entry?.request.bodySize).toBe(bytes(entry?.request.postData?.text))
    expect(entry?.response.bodySize).toBe(bytes(entry?.response.content.text))
    expect(entry?.response.content.size).toBe(bytes(entry?.response.content.text))
  })

  it('blanks the live signature, keeping how it was made, and says why', () => {
    const signature = har.log.entries[0]?.request.headers.find((h) => h.name === 'Signature')
    expect(signature).toEqual({
      name: 'Signature',
      value: 'keyId="SN=80B5,CA=CN=Test CA",algorithm="rsa-sha256",signature="[redacted]"',
      comment: expect.stringMatching(/^The signature parameter is \[redacted\]: it was live until/),
    })
    expect(text).not.toContain('signature=\\"xyz')
  })

  it('says which PSU ids the signature covered: only those the request carried', () => {
    const signature = har.log.entries[0]?.request.headers.find((h) => h.name === 'Signature')
    expect(signature?.comment).toMatch(/it signed the PSU-ID and PSU-Corporate-ID this file redacts\.$/)
    const read = createdAccountEntry({
      method: 'GET',
      requestHeaders: createdAccountEntry().requestHeaders.filter(([name]) => name !== 'PSU-ID'),
    })
    const readHar = toHar([withoutBody(read)], 'http://127.0.0.1:5173', { redact: true })
    const comment = readHar.log.entries[0]?.request.headers.find((h) => h.name === 'Signature')?.comment
    expect(comment).toBe(
      'The signature parameter is [redacted]: it was live until its Date went stale 5 minutes later.',
    )
  })

  it("names the console's version as its creator", () => {
    const { version } = JSON.parse(readFileSync('package.json', 'utf8'))
    expect(har.log.creator).toEqual({
      name: 'Sandbox Console',
      version: expect.stringMatching(new RegExp(`^${version.replaceAll('.', '\\.')}(\\+[0-9a-f]+)?$`)),
    })
  })
})

describe("the Postman collection's base URL", () => {
  it('is where the proxy sent the requests: a bank served under its own base path', () => {
    const forwarded = {
      ...newer,
      upstream: {
        url: 'https://bank.example/api-sandbox/v1/sandbox/card-accounts/acc-1/transactions?bookingStatus=booked&limit=50',
        headers: newer.requestHeaders,
        signing: { signingString: '', keyId: '' },
      },
    }
    expect(postmanBaseUrl([forwarded, older], 'http://127.0.0.1:5173')).toBe(
      'https://bank.example/api-sandbox',
    )
  })

  it("is the local sandbox's without a request forwarded elsewhere (offline: within the page)", () => {
    expect(postmanBaseUrl([newer, older], 'http://127.0.0.1:5173')).toBe('http://127.0.0.1:4010')
    const inPage = {
      ...newer,
      upstream: {
        url: `http://127.0.0.1:5173${newer.url}`,
        headers: newer.requestHeaders,
        signing: { signingString: '', keyId: '' },
      },
    }
    expect(postmanBaseUrl([inPage], 'http://127.0.0.1:5173')).toBe('http://127.0.0.1:4010')
  })
})

describe('the Postman collection of a session against a bank', () => {
  const clockRead = (status: number) =>
    withoutBody(createdAccountEntry({ id: 3, method: 'GET', url: '/api/v1/sandbox-console/clock', status }))
  const identity = identityOf([older])

  it("leaves out the console's own operations the sandbox answered it has none of", () => {
    const collection = toPostmanCollection([clockRead(404), older], {
      baseUrl: 'https://bank.example',
      identity,
    })
    expect(collection.item.map((i) => i.request.url)).toEqual(['{{baseUrl}}/v1/sandbox/card-accounts'])
  })

  it('keeps them where the sandbox has them (ours)', () => {
    const collection = toPostmanCollection([clockRead(200), older], {
      baseUrl: 'http://127.0.0.1:4010',
      identity,
    })
    expect(collection.item.map((i) => i.request.url)).toEqual([
      '{{baseUrl}}/v1/sandbox/card-accounts',
      '{{baseUrl}}/v1/sandbox-console/clock',
    ])
  })
})

describe('the Postman v2.1 collection', () => {
  const collection = toPostmanCollection([newer, older], {
    baseUrl: 'http://127.0.0.1:4010',
    identity: identityOf([newer, older]),
  })
  const variable = (key: string) => collection.variable.find((v) => v.key === key)?.value

  it('has one request per entry on the bank path, without the old signature', () => {
    expect(collection.info.schema).toBe(POSTMAN_SCHEMA)
    // Support tells which console a partner used: package version, and the commit when the build knew it.
    expect(collection.info.description).toMatch(/^Requests recorded by Sandbox Console \S+;/)
    expect(collection.item.map((i) => i.request.url)).toEqual([
      '{{baseUrl}}/v1/sandbox/card-accounts',
      '{{baseUrl}}/v1/sandbox/card-accounts/acc-1/transactions?bookingStatus=booked&limit=50',
    ])
    expect(collection.item[0]?.request.header).toEqual([
      { key: 'Content-Type', value: 'application/json' },
      { key: 'PSU-ID', value: '13039319955' },
    ])
    expect(collection.item[0]?.request.body?.raw).toBe(older.requestBody)
  })

  it('prefills the public identity, never a key', () => {
    expect(collection.variable.map((v) => v.key)).not.toContain('privateKeyPem')
    expect(collection.info.description).toContain(KEY_PLACE)
    expect(KEY_PLACE).toMatch(
      /local Postman environment .* or in Postman's vault, never in a collection variable: Postman saves collection variables with the collection and syncs them/,
    )
    expect(variable('certificate')).toBe('MIIDrDCCApSgAwIBAgIRAIC1')
    expect(variable('keyIdSerial')).toBe('80B5')
    expect(variable('keyIdCa')).toBe('CN=Test CA')
  })

  it('carries the portable signer in its pre-request script', () => {
    const script = collection.event[0]?.script.exec.join('\n') ?? ''
    expect(script).toContain('function portableSigner()')
    expect(script).not.toMatch(/^export /m)
    expect(script).toContain("set('Signature'")
  })
})
