import { expect, it } from 'vitest'
import { ApiError } from './errors'
import { isSandboxOnlyAbsent } from './sandbox-clock'

const refusal = (status: number, path?: string) =>
  new ApiError(status, [
    {
      category: 'ERROR',
      code: 'RESOURCE_UNKNOWN',
      text: 'not here',
      ...(path === undefined ? {} : { path }),
    },
  ])

it("takes a bank's 404, 405 and 501 to the console's own operations for a sandbox without them", () => {
  expect([404, 405, 501].map((status) => isSandboxOnlyAbsent(refusal(status)))).toEqual([true, true, true])
  expect(isSandboxOnlyAbsent(new ApiError(404, [], '<h1>Not Found</h1>', false))).toBe(true)
  expect(isSandboxOnlyAbsent(refusal(400))).toBe(false)
})

// A tester's chart, for an account the offline sandbox did not know, read the transactions page by page as
// for a bank without the summary route, and said "Could not read the pages".
it("does not take the sandbox's own 404 for the account the operation names for a missing operation", () => {
  expect(isSandboxOnlyAbsent(refusal(404, 'mockCardAccountId'))).toBe(false)
})
