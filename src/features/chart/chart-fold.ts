import { useState } from 'react'
import { useMediaQuery } from '../../ui/use-media-query'
import { usePresenter } from '../presenter'

/** Screens this short (800×600, a laptop at 200 % zoom) start with the chart folded: the table comes first. */
export const SHORT_SCREEN = '(max-height: 700px)'
/** The same in presenter mode, whose type is 20 px rather than 14 (700 × 20 / 14): 1366×900 is short there. */
const SHORT_SCREEN_FOR_PRESENTER = '(max-height: 1000px)'

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
 * and accounts), else open unless the screen is short for the type size.
 */
export function useChartOpen(): [open: boolean, choose: (open: boolean) => void] {
  const short = useMediaQuery(usePresenter() ? SHORT_SCREEN_FOR_PRESENTER : SHORT_SCREEN)
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
