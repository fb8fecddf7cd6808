import { describe, expect, it } from 'vitest'
import { forwardHeaders } from './forward-headers'

const FORWARDED = new Set(['psu-id', 'psu-ip-address', 'x-request-id', 'accept'])

/** The refusal's words and the header it names, or the headers forwarded. */
function pick(...rawHeaders: string[]) {
  const picked = forwardHeaders(rawHeaders, FORWARDED)
  if (picked.ok) return picked.headers
  const [message] = picked.problem.messages
  return { status: picked.problem.status, text: message?.text, path: message?.path }
}

describe('forwardHeaders', () => {
  it('forwards the operation’s headers by their lower-case names, and no others', () => {
    expect(pick('PSU-ID', '1303', 'Cookie', 'a=b', 'Accept', 'application/json')).toEqual({
      'psu-id': '1303',
      accept: 'application/json',
    })
  })

  it('refuses a header sent twice, naming it as sent', () => {
    expect(pick('PSU-ID', '1303', 'psu-id', '1303')).toEqual({
      status: 400,
      text: 'psu-id must be sent once',
      path: 'psu-id',
    })
  })

  it('refuses a control character in any forwarded value', () => {
    expect(pick('Accept', 'application/json\x01')).toEqual({
      status: 400,
      text: 'Accept must not contain control characters',
      path: 'Accept',
    })
  })

  it('refuses a signed value with a space at an end, which parsing would drop', () => {
    expect(pick('PSU-ID', '1303 ')).toEqual({
      status: 400,
      text: 'PSU-ID must be 1 to 256 visible ISO-8859-1 characters',
      path: 'PSU-ID',
    })
  })

  it('refuses an unsigned PSU value longer than a signed one may be', () => {
    expect(pick('PSU-IP-Address', '1'.repeat(257))).toEqual({
      status: 400,
      text: 'PSU-IP-Address must be at most 256 characters',
      path: 'PSU-IP-Address',
    })
  })

  it('names the first problem: a repeat before a control character, a control character before the rule', () => {
    expect(pick('PSU-ID', '1303', 'PSU-ID', '\x01')).toMatchObject({ text: 'PSU-ID must be sent once' })
    expect(pick('PSU-ID', ' \x01')).toMatchObject({ text: 'PSU-ID must not contain control characters' })
  })
})
