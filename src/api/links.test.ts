import { describe, expect, it } from 'vitest'
import { accountIdOfHref, apiPathOfHref } from './links'

const page = '/v1/sandbox/card-accounts/acc-1/transactions?bookingStatus=both&offset=50&limit=50'

describe('a sandbox link as the console path that reaches it', () => {
  it('puts a service-relative href under /api', () => {
    expect(apiPathOfHref(page)).toBe(`/api${page}`)
  })

  it("replaces the upstream's base path with /api", () => {
    expect(apiPathOfHref(`/api-sandbox${page}`)).toBe(`/api${page}`)
    expect(apiPathOfHref(`/api${page}`)).toBe(`/api${page}`)
  })

  it('drops the origin of an absolute href, its base path with it', () => {
    expect(apiPathOfHref(`https://psd2.example-bank.no/api-sandbox${page}`)).toBe(`/api${page}`)
    expect(apiPathOfHref(`http://127.0.0.1:4010${page}`)).toBe(`/api${page}`)
  })

  it('keeps an opaque id and the query exactly as sent', () => {
    const id =
      'enc!!aI55HS7YpeXJhHqt4PmNavMmogFrZWG789qlE-hGC6Y9T-kejIx4ZfRdS68U_RpL5m_PCXFPEGfF992bjRx2Gw%3D%3D'
    expect(
      apiPathOfHref(`https://bank/api-sandbox/v1/sandbox/card-accounts/${id}/transactions?x=a%20b`),
    ).toBe(`/api/v1/sandbox/card-accounts/${id}/transactions?x=a%20b`)
  })

  it('refuses an href outside the sandbox paths', () => {
    expect(apiPathOfHref('https://bank/api-sandbox/v1/accounts/1')).toBeUndefined()
    expect(apiPathOfHref('/v1/sandboxes/x')).toBeUndefined()
    expect(apiPathOfHref('http://[::1')).toBeUndefined()
  })

  it("reads a created account's id from its Location, in any of those forms", () => {
    expect(accountIdOfHref('/api/v1/sandbox/card-accounts/acc-7')).toBe('acc-7')
    expect(accountIdOfHref('https://bank/api-sandbox/v1/sandbox/card-accounts/enc!!ab%3D%3D')).toBe(
      'enc!!ab==',
    )
    expect(accountIdOfHref('/v1/sandbox/card-accounts/acc-7/transactions')).toBeUndefined()
    expect(accountIdOfHref('/elsewhere/acc-7')).toBeUndefined()
  })
})
