import { describe, expect, it } from 'vitest'
import { parseHar } from './parse-har'

const har = (value: unknown, entry?: number) => parseHar(JSON.stringify(value), entry)
const request = (fields: object) => ({
  method: 'post',
  url: 'https://h/v1/x?a=1#top',
  headers: [],
  ...fields,
})

describe('parseHar', () => {
  it('reads a lone request, its text body as HAR text, and keeps only named headers with values', () => {
    const reading = har(
      request({
        headers: [{ name: 'A', value: '1' }, { name: 'B' }, { value: '2' }, { name: ':path', value: '/' }],
        postData: { text: '{}' },
      }),
    )
    expect(reading).toMatchObject({
      ok: true,
      format: 'HAR',
      request: { method: 'POST', url: '/v1/x?a=1', headers: [['A', '1']], bodySource: 'har-text' },
      notes: [],
    })
    expect(reading).not.toHaveProperty('entries')
    expect(reading).not.toHaveProperty('creator')
  })

  it('names the tool that wrote the file, and takes the last entry for an index past the end', () => {
    const reading = har(
      { log: { creator: { name: 'Firefox' }, entries: [{ request: request({}) }, { request: { url: 5 } }] } },
      7,
    )
    expect(reading).toEqual({
      ok: false,
      reason: 'the HAR entry has no request with method, url and headers',
    })
    expect(har({ log: { creator: { name: 'Firefox' }, entries: [{ request: request({}) }] } })).toMatchObject(
      {
        creator: 'Firefox',
        request: { bodySource: 'none' },
      },
    )
  })

  it('says what is wrong with the file', () => {
    expect(har({ log: { entries: [] } })).toEqual({ ok: false, reason: 'the HAR file has no entries' })
    expect(har(request({ headers: {} }))).toEqual({
      ok: false,
      reason: 'the HAR entry has no request with method, url and headers',
    })
    expect(har(request({ postData: { text: 'no base64!', encoding: 'base64' } }))).toEqual({
      ok: false,
      reason: 'the HAR entry says its body is base64 but it is not',
    })
  })

  it('leaves out an empty body and labels entries without method or URL with a question mark', () => {
    expect(
      har({ log: { entries: [{ request: request({ postData: { text: '' } }) }, { request: {} }] } }),
    ).toMatchObject({
      request: { bodySource: 'none' },
      entries: ['1. post https://h/v1/x?a=1#top', '2. ? ?'],
    })
  })
})
