import { useMediaQuery } from '../../ui/use-media-query'
import { usePresenter } from './presenter'

/** Screens this short (800×600, a laptop at 200 % zoom) start with what can wait folded: the table comes first. */
const SHORT_SCREEN = '(max-height: 700px)'
/** The same in presenter mode, whose type is 20 px rather than 14 (700 × 20 / 14): 1280×800 and 1366×900 are short there. */
const SHORT_SCREEN_FOR_PRESENTER = '(max-height: 1000px)'

/** Whether the window is short for the type size it shows, so that folding the chart or the inspector's
 * headers and bodies is what leaves the table rows in sight. */
export function useShortScreen(): boolean {
  return useMediaQuery(usePresenter() ? SHORT_SCREEN_FOR_PRESENTER : SHORT_SCREEN)
}
