// SIGN_REQUEST_TARGET=1: `npm start` signs the method and path as (request-target), its local sandbox
// verifies them, and the Connection panel's answer says so; any other value stops the start in words.
import { describe, expect, it } from 'vitest'
import { consoleConnection } from '../src/contract'
import { decodeConsoleTrace } from '../src/signing/console-trace'
import { startConsoleServer } from './test-support/console-process'

const ACCOUNTS = '/v1/sandbox/card-accounts'

describe('SIGN_REQUEST_TARGET', () => {
  it('=1 signs (request-target), which the local sandbox verifies', { timeout: 60_000 }, async () => {
    const server = await startConsoleServer({ SIGN_REQUEST_TARGET: '1' })
    try {
      const answer = await fetch(`${server.url}/api${ACCOUNTS}`)
      expect(answer.status).toBe(200)
      const trace = decodeConsoleTrace(answer.headers.get('x-console-trace'))
      expect(trace?.signingString.split('\n')[0]).toBe(`(request-target): get ${ACCOUNTS}`)
      expect(trace?.requestHeaders.Signature).toContain('headers="(request-target) date digest x-request-id"')
      const connection = await fetch(`${server.url}/console/connection`)
      expect(consoleConnection.parse(await connection.json()).signsRequestTarget).toBe(true)
      expect(server.output()).toContain('signing (request-target): the method and path')
    } finally {
      await server.stop()
    }
  })

  it('is off by default', { timeout: 60_000 }, async () => {
    const server = await startConsoleServer()
    try {
      const answer = await fetch(`${server.url}/api${ACCOUNTS}`)
      const trace = decodeConsoleTrace(answer.headers.get('x-console-trace'))
      expect(trace?.signingString).not.toContain('(request-target)')
      const connection = await fetch(`${server.url}/console/connection`)
      expect(consoleConnection.parse(await connection.json()).signsRequestTarget).toBe(false)
    } finally {
      await server.stop()
    }
  })

  it('=maybe refuses to start, saying what it takes', { timeout: 60_000 }, async () => {
    await expect(startConsoleServer({ SIGN_REQUEST_TARGET: 'maybe' })).rejects.toThrow(
      'Cannot start the console: SIGN_REQUEST_TARGET can only be 1 (sign the method and path as (request-target)) or 0 (do not), not "maybe"',
    )
  })
})
