import { describe, expect, it } from 'vitest'
import { parseCurl, shellWords } from './parse-curl'

const curl = (command: string, exact = false) => parseCurl(command, { exact })
const text = (body: Uint8Array | undefined) => new TextDecoder().decode(body)

describe('parseCurl', () => {
  it('refuses what is not a curl command with a URL', () => {
    expect(curl('wget http://h/v1')).toEqual({ ok: false, reason: 'a curl command starts with curl' })
    expect(curl('curl -H "A: b"')).toEqual({ ok: false, reason: 'the curl command has no URL' })
    expect(curl("curl $'http://h")).toEqual({ ok: false, reason: "a $'…' string is not closed" })
  })

  it('turns -A, -e and the header options into headers, and says which header it left out', () => {
    expect(
      curl('curl http://h/v1 -A agent --referer=http://r -eback --header=X-A:1 -H nocolon --user-agent two'),
    ).toMatchObject({
      request: {
        headers: [
          ['User-Agent', 'agent'],
          ['Referer', 'http://r'],
          ['Referer', 'back'],
          ['X-A', '1'],
          ['User-Agent', 'two'],
          ['Host', 'h'],
        ],
      },
      notes: ['the header "nocolon" has no colon and was left out'],
    })
  })

  it('skips the value of options that do not change the request, and other options alone', () => {
    expect(curl('curl -u user:pw -o out.json -v --compressed http://h/v1/x -m 5')).toMatchObject({
      ok: true,
      request: { method: 'GET', url: '/v1/x', headers: [['Host', 'h']], bodySource: 'none' },
      notes: [],
    })
  })

  it('takes the first bare word as the URL, and --url over it', () => {
    expect(curl('curl http://h/first http://h/second')).toMatchObject({ request: { url: '/first' } })
    expect(curl('curl http://h/first --url=http://g/third')).toMatchObject({
      request: { url: '/third', headers: [['Host', 'g']] },
    })
  })

  it('reads -I as HEAD, -T as a PUT of a file, and says -G is not read', () => {
    expect(curl('curl -I http://h/v1')).toMatchObject({ request: { method: 'HEAD' } })
    expect(curl('curl -T body.json http://h/v1')).toMatchObject({
      request: { method: 'PUT', bodySource: 'unknown' },
      notes: ['the body is read from a file the command names'],
    })
    expect(curl('curl -X post --upload-file body.json http://h/v1')).toMatchObject({
      request: { method: 'POST' },
    })
    expect(curl('curl -G http://h/v1 -d a=1')).toMatchObject({
      notes: ['-G (data sent in the query) is not read: paste the URL with its query'],
    })
  })

  it('joins the data options with & and keeps an @ in --data-raw as text', () => {
    const reading = curl('curl http://h/v1 -d a=1 --data-raw @b -da=2', true)
    expect(reading).toMatchObject({ request: { method: 'POST', bodySource: 'exact' } })
    expect(reading.ok && text(reading.request.body)).toBe('a=1&@b&a=2')
  })

  it('adds the JSON headers --json implies unless the command sets them', () => {
    expect(curl(`curl http://h/v1 --json '{}'`)).toMatchObject({
      request: {
        headers: [
          ['Content-Type', 'application/json'],
          ['Accept', 'application/json'],
          ['Host', 'h'],
        ],
      },
    })
    expect(curl(`curl http://h/v1 -H 'accept: */*' -H 'HOST: g' --json '{}'`)).toMatchObject({
      request: {
        headers: [
          ['accept', '*/*'],
          ['HOST', 'g'],
          ['Content-Type', 'application/json'],
        ],
      },
    })
  })
})

describe('shellWords', () => {
  it("decodes $'…' escapes: hex, unicode, the C letters, and keeps an unknown one as written", () => {
    expect(shellWords(String.raw`$'\x41\x4a2\u00e9\t\q'`)).toEqual({ ok: true, value: ['AJ2é\t\\q'] })
  })

  it('unescapes in double quotes only what the shell does, and joins a continued line', () => {
    expect(shellWords('"a\\$b\\n\\\nc" d\\ e f\\\r\ng')).toEqual({
      ok: true,
      value: ['a$b\\nc', 'd e', 'fg'],
    })
  })

  it('says which quote is not closed', () => {
    expect(shellWords('a "b')).toEqual({ ok: false, reason: 'a double quote is not closed' })
    expect(shellWords("a 'b")).toEqual({ ok: false, reason: 'a single quote is not closed' })
  })
})
