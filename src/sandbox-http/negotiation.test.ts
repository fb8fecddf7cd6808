import { describe, expect, it } from 'vitest'
import { notAcceptableProblem } from './negotiation'

const judged = (headers: Record<string, string>) => notAcceptableProblem(new Headers(headers))?.messages[0]

describe('Accept and Accept-Charset (spec §4)', () => {
  it.each([
    'application/json',
    'application/*',
    '*/*',
    'text/html, application/json;q=0.1',
    'application/xml, */*;q=0.5',
    'application/*;q=0, application/json',
    'APPLICATION/JSON',
    '',
  ])('takes Accept: %s', (accept) => {
    expect(judged({ Accept: accept })).toBeUndefined()
  })

  it.each([
    'application/xml',
    'application/json;q=0',
    'application/json; q=0.0, text/plain',
    'text/*',
    'application/json;q=0, */*',
    '*/*;q=0',
  ])('refuses Accept: %s with 406 naming what it can send', (accept) => {
    expect(judged({ Accept: accept })).toEqual({
      category: 'ERROR',
      code: 'FORMAT_ERROR',
      path: 'Accept',
      text: `Accept must allow application/json, the one media type this sandbox answers in (e.g. Accept: application/json), not ${accept}`,
    })
  })

  it.each(['utf-8', 'UTF-8', '*', 'iso-8859-1, utf-8;q=0.5', 'utf-16, *;q=0.1'])(
    'takes Accept-Charset: %s',
    (charset) => {
      expect(judged({ 'Accept-Charset': charset })).toBeUndefined()
    },
  )

  it.each(['utf-16', 'utf-8;q=0', 'iso-8859-1', '*;q=0'])('refuses Accept-Charset: %s', (charset) => {
    expect(judged({ 'Accept-Charset': charset })).toMatchObject({
      path: 'Accept-Charset',
      text: `Accept-Charset must allow utf-8, the one charset this sandbox answers in, not ${charset}`,
    })
  })
})
