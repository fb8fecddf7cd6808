import { scrollIntoSightWhenShown, settledTableOrAlert } from '../../ui/in-sight'

/** As many of the table's first rows as the audience is shown at once when an account opens. */
const FIRST_ROWS = 3

/**
 * Brings the table into sight from its head down, as many rows as the area holds (at 683×450, one and a
 * half), unless its first rows are on screen already (useFirstRowsInSight). Returns the way to stop.
 */
export function showFirstRows(): () => void {
  return scrollIntoSightWhenShown(settledTableOrAlert, (shown) =>
    shown.tagName === 'TABLE' && firstRowsInSight(shown) ? undefined : 'start',
  )
}

/** Whether the first rows are on screen, neither outside the window nor under a bar kept over the page. */
function firstRowsInSight(table: Element): boolean {
  const rows = table.querySelectorAll('tbody > tr')
  const first = rows[0]
  const last = rows[Math.min(FIRST_ROWS, rows.length) - 1]
  if (!first || !last) return true
  const seenAt = (row: Element, edge: 'top' | 'bottom') => {
    const box = row.getBoundingClientRect()
    const seen = document.elementFromPoint(
      box.left + box.width / 2,
      edge === 'top' ? box.top + 1 : box.bottom - 1,
    )
    return seen !== null && row.contains(seen)
  }
  return seenAt(first, 'top') && seenAt(last, 'bottom')
}
