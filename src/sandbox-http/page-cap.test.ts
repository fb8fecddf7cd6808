// One read cannot ask for an unbounded page: `limit` is capped in the contract's query schema, so every
// sandbox refuses above it on the wire, and the console's own readers never ask for more.
import { describe, expect, it } from 'vitest'
import { cardAccount, MAX_LIMIT } from '../contract'
import { MAX_PAGE_SIZE } from '../features/view-state'
import { platformExamples } from '../test/platform/examples'
import { accountsPath, expectProblem, sandboxForThisFile, txPath } from '../test/sandbox-calls'

const { call } = sandboxForThisFile()

describe('the page size', () => {
  it('is refused above the cap with 400 naming limit and the cap', async () => {
    const created = await call('POST', accountsPath, { body: platformExamples.cardAccountCreate })
    const { resourceId } = cardAccount.parse(await created.json())
    for (const limit of ['2147483647', String(MAX_LIMIT + 1)]) {
      const answer = await call('GET', `${txPath(resourceId)}?bookingStatus=both&limit=${limit}`)
      await expectProblem(answer, 400, {
        code: 'FORMAT_ERROR',
        path: 'limit',
        text: `limit must be at most ${MAX_LIMIT}, the most transactions one page holds; page on with offset`,
      })
    }
    expect((await call('GET', `${txPath(resourceId)}?bookingStatus=both&limit=${MAX_LIMIT}`)).status).toBe(
      200,
    )
  })

  it("is never asked above the cap by the console's page sizes", () => {
    expect(MAX_PAGE_SIZE).toBeLessThanOrEqual(MAX_LIMIT)
  })
})
