import { expect, it } from 'vitest'
import { isDeletionNotOffered } from './deletion'
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
