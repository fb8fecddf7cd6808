import { useState } from 'react'
import { useMediaQuery } from '../../ui/use-media-query'

/** Screens this short (800×600, a laptop at 200 % zoom) start with the chart folded: the table comes first. */
export const SHORT_SCREEN = '(max-height: 700px)'

const KEY = 'sandbox-console.chart'

function readChoice(): boolean | undefined {
  try {
    const stored = sessionStorage.getItem(KEY)
    return stored === 'open' ? true : stored === 'folded' ? false : undefined
  } catch {
    return undefined
  }
}

/**
 * Whether the chart is unfolded: the user's choice for this tab's session once made (kept across reloads
 * and accounts), else open unless the screen is short.
 */
export function useChartOpen(): [open: boolean, choose: (open: boolean) => void] {
  const short = useMediaQuery(SHORT_SCREEN)
  const [chosen, setChosen] = useState(readChoice)
  const choose = (open: boolean) => {
    setChosen(open)
    try {
      sessionStorage.setItem(KEY, open ? 'open' : 'folded')
    } catch {
      // Storage refused (a private window's quota): the choice holds until the page is left.
    }
  }
  return [chosen ?? !short, choose]
}
