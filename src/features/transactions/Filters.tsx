import { useEffect, useState } from 'react'
import { bookingStatuses } from '../../contract'
import { useView } from '../view-state'
import { DateFilter } from './DateFilter'

/** The first date field, From. */
export const FROM = 'input[type="date"]'

/**
 * A control of the filters, for the focus when the button that changed them goes (Clear dates, a refused
 * view's ways out): the filter it changed, rather than the page's start.
 */
export function focusFilter(selector: string) {
  document.querySelector<HTMLElement>(`.filters ${selector}`)?.focus()
}

/** bookingStatus and the date range; every change starts again at the first row. */
export function Filters() {
  const [view, setView] = useView()
  // Clear dates also empties a field holding a date the browser could not read (its value is '' already).
  const [cleared, setCleared] = useState(0)
  const [unread, setUnread] = useState({ from: false, to: false })
  useEffect(() => {
    // Clear dates goes with the dates it cleared: the focus goes to From, where the next ones are typed.
    if (cleared > 0) focusFilter(FROM)
  }, [cleared])
  return (
    <div className="filters">
      <fieldset className="status-filter">
        <legend>Status</legend>
        {bookingStatuses.map((status) => (
          <label key={status}>
            <input
              type="radio"
              name="bookingStatus"
              value={status}
              checked={view.status === status}
              onChange={() => setView({ status, offset: 0 })}
            />{' '}
            {status}
          </label>
        ))}
      </fieldset>
      <DateFilter
        key={`from-${cleared}`}
        label="From"
        applied={view.from}
        onApply={(from) => setView({ from, offset: 0 })}
        onUnreadable={(bad) => setUnread((u) => ({ ...u, from: bad }))}
      />
      <DateFilter
        key={`to-${cleared}`}
        label="To"
        applied={view.to}
        onApply={(to) => setView({ to, offset: 0 })}
        onUnreadable={(bad) => setUnread((u) => ({ ...u, to: bad }))}
      />
      {view.from || view.to || unread.from || unread.to ? (
        <button
          type="button"
          className="link-button"
          onClick={() => {
            setView({ from: undefined, to: undefined, offset: 0 })
            setUnread({ from: false, to: false })
            setCleared((n) => n + 1)
          }}
        >
          Clear dates
        </button>
      ) : null}
    </div>
  )
}
