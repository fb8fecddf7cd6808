import { act, renderHook } from '@testing-library/react'
import { expect, it } from 'vitest'
import { createDeletionRefusals, isDeletionNotOffered, useDeletionSupport } from './deletion'
import { ApiError } from './errors'

const error = (status: number, path?: string) =>
  new ApiError(status, [{ category: 'ERROR', code: 'X', text: 'x', ...(path === undefined ? {} : { path }) }])

it('tells a sandbox without deletes from a delete of something that is not there', () => {
  expect(isDeletionNotOffered(error(405))).toBe(true)
  expect(isDeletionNotOffered(error(501))).toBe(true)
  // The unknown-path 404 names no field; the operation's own 404 names what it did not find.
  expect(isDeletionNotOffered(error(404))).toBe(true)
  expect(isDeletionNotOffered(ApiError.fromText(404, '<html>Not found</html>'))).toBe(true)
  expect(isDeletionNotOffered(error(404, 'cardTransactionId'))).toBe(false)
  expect(isDeletionNotOffered(error(404, 'mockCardAccountId'))).toBe(false)
  expect(isDeletionNotOffered(error(400))).toBe(false)
  expect(isDeletionNotOffered(new Error('network'))).toBe(false)
})

it("offers deletes on the console's own sandbox, never on the bank's, and stops after a refusal", () => {
  const refusals = createDeletionRefusals()
  expect(
    renderHook(() => useDeletionSupport(refusals, 'https://bank.test/api-sandbox', 'bank')).result.current,
  ).toEqual({
    offered: false,
    why: expect.stringMatching(
      /^Deleting is not offered: the sandbox at https:\/\/bank\.test\/api-sandbox is the bank's/,
    ),
  })
  // The local sandbox as the platform: shaped like the bank, without deletes either.
  expect(
    renderHook(() => useDeletionSupport(refusals, 'http://127.0.0.1:40002/api-sandbox', 'bank-shaped')).result
      .current,
  ).toEqual({
    offered: false,
    why: expect.stringMatching(
      /^Deleting is not offered: the sandbox at http:\/\/127\.0\.0\.1:40002\/api-sandbox is shaped like a bank \(SANDBOX_PERSONALITY\), which has none\./,
    ),
  })
  // A local sandbox that keeps its data in a file is keyed by it, and names itself (a tester read "the
  // sandbox at the local sandbox, data in …").
  expect(
    renderHook(() =>
      useDeletionSupport(
        refusals,
        'the local sandbox, data in .sandbox-data/npm-start-platform.json',
        'bank-shaped',
      ),
    ).result.current,
  ).toMatchObject({
    why: expect.stringMatching(
      /^Deleting is not offered: the local sandbox, data in \.sandbox-data\/npm-start-platform\.json, is shaped like a bank \(SANDBOX_PERSONALITY\), which has none\./,
    ),
  })
  const local = renderHook(() => useDeletionSupport(refusals, 'http://127.0.0.1:40001', 'own'))
  expect(local.result.current).toEqual({ offered: true })
  act(() => refusals.markRefused('http://127.0.0.1:40001', error(405)))
  expect(local.result.current).toEqual({
    offered: false,
    why: expect.stringContaining('(it answered a delete with HTTP 405)'),
  })
})

it('keeps a refusal to the client that met it: another client (a reload, the next test) offers deletes again', () => {
  const upstream = 'http://127.0.0.1:40001'
  const first = createDeletionRefusals()
  first.markRefused(upstream, error(501))
  expect(first.refusalOf(upstream)).toBe('it answered a delete with HTTP 501')
  expect(createDeletionRefusals().refusalOf(upstream)).toBeUndefined()
})
