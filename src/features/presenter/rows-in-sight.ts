import { useEffect } from 'react'
import { usePresenter } from './presenter'

/**
 * Presenter mode: an account opened, or presenter mode turned on over one, shows the audience its first
 * rows. On a short screen (800×600) the account's heading, buttons, filters and chart fill the main area
 * above the table at presenter type, and a tester presenting there saw no row until scrolling. Where the
 * rows are in sight already, nothing moves; the filters are a scroll up, or a Tab, away. A focus on a
 * control in the main area stays where it is: the keyboard user is working there, and their focus is kept
 * in sight (useHeightProperty).
 */
export function useFirstRowsInSight(account: string | undefined): void {
  const presenting = usePresenter()
  useEffect(() => {
    if (!presenting || account === undefined || document.querySelector('main :focus')) return
    // Loaded on use, as presenter mode is: the console's first screen does without it.
    let stop: (() => void) | undefined
    let stopped = false
    import('./first-rows')
      .then(({ showFirstRows }) => {
        if (!stopped) stop = showFirstRows()
      })
      // A chunk that cannot load leaves the page where it is, as without presenter mode.
      .catch(() => {})
    return () => {
      stopped = true
      stop?.()
    }
  }, [account, presenting])
}
