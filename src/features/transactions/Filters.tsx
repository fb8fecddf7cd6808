import { useEffect, useRef, useState } from 'react'
import { bookingStatuses } from '../../contract'
import { useView } from '../view-state'
import { DateFilter } from './DateFilter'

/** bookingStatus and the date range; every change starts again at the first row. */
export function Filters() {
  const [view, setView] = useView()
  // Clear dates also empties a field holding a date the browser could not read (its value is '' already).
  const [cleared, setCleared] = useState(0)
  const [unread, setUnread] = useState({ from: false, to: false })
  const filters = useRef<HTMLDivElement>(null)
  useEffect(() => {
    // Clear dates goes with the dates it cleared: the focus goes to From, where the next ones are typed.
    if (cleared > 0) filters.current?.querySelector<HTMLInputElement>('input[type="date"]')?.focus()
  }, [cleared])
  return (
    <div className="filters" ref={filters}>
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
