import { bookingStatuses } from '../../contract'
import { useView } from '../view-state'

/** bookingStatus and the date range; every change starts again at the first row. */
export function Filters() {
  const [view, setView] = useView()
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
      <label>
        From{' '}
        <input
          type="date"
          value={view.from ?? ''}
          onChange={(e) => setView({ from: e.target.value || undefined, offset: 0 })}
        />
      </label>
      <label>
        To{' '}
        <input
          type="date"
          value={view.to ?? ''}
          onChange={(e) => setView({ to: e.target.value || undefined, offset: 0 })}
        />
      </label>
      {view.from || view.to ? (
        <button
          type="button"
          className="link-button"
          onClick={() => setView({ from: undefined, to: undefined, offset: 0 })}
        >
          Clear dates
        </button>
      ) : null}
    </div>
  )
}
