import { useState } from 'react'
import { useShortScreen } from '../presenter'

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
  const short = useShortScreen()
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
