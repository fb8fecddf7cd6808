import { expect, it } from 'vitest'
import { boundedSafeParse } from './errors'
import { z } from './zod'

// zod overflows the call stack passing up 130,000 problems; a check that throws RangeError on any array
// longer than one window stands in for that overflow, so the windowed read is what answers.
const overflowingRows = z
  .array(z.number())
  .check(z.refine((rows) => (rows.length > 1_000 ? overflow() : true)))
const file = z.object({ name: z.string(), rows: overflowingRows })

function overflow(): never {
  throw new RangeError('Maximum call stack size exceeded')
}

it('reads the largest array a window at a time: its problems at their own index, the others once', () => {
  const rows = Array.from({ length: 2_500 }, (_, i) => (i === 1_500 || i === 2_400 ? 'bad' : i))
  const parsed = boundedSafeParse(file, { name: 7, rows })
  expect(parsed.success).toBe(false)
  expect(parsed.error?.issues.map((issue) => issue.path)).toEqual([
    ['name'],
    ['rows', 1_500],
    ['rows', 2_400],
  ])
})
