import type { ViewState } from '../view-state'

/**
 * The change of view that puts just-created transactions on screen: the first page, a status and a
 * date range that include them (the date filter applies to bookingDate for booked, transactionDate
 * for pending ones). A bank that books only (`booksOnly`) refuses to list any status but booked: its
 * view shows the booked ones, and pending ones stay out of sight.
 */
export function viewShowing(
  view: ViewState,
  created: readonly {
    bookingStatus?: string | undefined
    bookingDate?: string | undefined
    transactionDate?: string | undefined
  }[],
  booksOnly = false,
): Partial<ViewState> {
  const shown = booksOnly ? created.filter((tx) => (tx.bookingStatus ?? 'booked') === 'booked') : created
  const statuses = new Set(shown.map((tx) => tx.bookingStatus ?? 'booked'))
  const fits = view.status === 'both' || (statuses.size === 1 && statuses.has(view.status))
  const dates = shown.flatMap((tx) => tx.bookingDate ?? tx.transactionDate ?? []).sort()
  const first = dates[0]
  const last = dates.at(-1)
  return {
    offset: 0,
    status: booksOnly ? 'booked' : fits ? view.status : 'both',
    from: view.from !== undefined && first !== undefined && first < view.from ? undefined : view.from,
    to: view.to !== undefined && last !== undefined && last > view.to ? undefined : view.to,
  }
}

/**
 * What the move made by `viewShowing` changed of the filters, said after "N transactions created": a
 * tester saw the Status filter turn to both, and a date cleared, with no word of either.
 */
export function viewChangeSaid(before: ViewState, after: Partial<ViewState>): string {
  const changes = [
    ...(after.status !== undefined && after.status !== before.status
      ? [`Status set to ${after.status}`]
      : []),
    ...(before.from !== undefined && after.from === undefined ? ['From cleared'] : []),
    ...(before.to !== undefined && after.to === undefined ? ['To cleared'] : []),
  ]
  return changes.length === 0 ? '' : `; ${changes.join(', ')} to show them`
}
