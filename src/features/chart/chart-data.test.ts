import { expect, it } from 'vitest'
import { tickLabel } from './chart-data'

it('labels the axis exactly below 10,000 and compactly above, so a label of any sum fits its margin', () => {
  expect([0, 80, 9_999.5, -2_500].map(tickLabel)).toEqual(['0', '80', '9,999.5', '-2,500'])
  expect([10_000, 2_500_000, -1_200_000_000, 100_000_000_000_000].map(tickLabel)).toEqual([
    '10K',
    '2.5M',
    '-1.2B',
    '100T',
  ])
})
