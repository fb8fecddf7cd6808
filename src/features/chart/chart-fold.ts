import { useState } from 'react'
import { writeToStorage } from '../../api'
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
    // Storage refused (a full quota): the choice holds until the page is left, and the console says so.
    writeToStorage("the chart's folding", () => sessionStorage.setItem(KEY, open ? 'open' : 'folded'))
  }
  return [chosen ?? !short, choose]
}
