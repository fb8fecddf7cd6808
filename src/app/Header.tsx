import { type ReactNode, useState } from 'react'
import { type Mode, modeDataHomes, modeLabels, modes, useConditions } from '../api'
import { setPresenter, usePresenter } from '../features/presenter/presenter'
import { useView } from '../features/view-state'
import { LongerNameToggle } from './LongerNameToggle'
import { switchMode } from './switch-mode'
import { TamperSelect } from './TamperSelect'
import { applyTheme, readTheme, type Theme, themes } from './theme'

const themeLabels: Record<Theme, string> = { system: 'System theme', light: 'Light', dark: 'Dark' }

interface HeaderProps {
  mode: Mode
  onHelp: () => void
  /** Proxy mode: opens the Connection panel. */
  onConnection: (() => void) | undefined
  /** Opens the panel that explains a request from another client. */
  onExplain: () => void
  /** The sandbox clock's button or badge. */
  clock?: ReactNode
  /** Opens the Conditions panel (faults, latency, quotas). */
  onConditions: () => void
  /** Opens "Share what you see": copy a link, export the session. */
  onShare: () => void
  /** Opens the flows panel (presenter flows). */
  onFlows: () => void
}

export function Header({
  mode,
  onHelp,
  onConnection,
  onExplain,
  clock,
  onConditions,
  onShare,
  onFlows,
}: HeaderProps) {
  const presenting = usePresenter()
  const [view, setView] = useView()
  const [theme, setTheme] = useState(readTheme)

  return (
    <header className="app-header">
      <h1>Sandbox Console</h1>
      <label className={`mode mode-${mode}`}>
        <span className="visually-hidden">Mode</span>
        <span className="mode-dot" aria-hidden="true">
          ●
        </span>
        <select
          value={mode}
          aria-describedby="mode-data"
          onChange={(e) => void switchMode(e.target.value as Mode)}
        >
          {modes.map((m) => (
            <option key={m} value={m}>
              {modeLabels[m]}
            </option>
          ))}
        </select>
        <span className="mode-data" id="mode-data">
          {modeDataHomes[mode]}
        </span>
      </label>
      {onConnection ? (
        <button type="button" onClick={onConnection}>
          Connection
        </button>
      ) : null}
      {clock}
      <label
        className="fix-toggle"
        title="Sends accept-fix: cardaccount-switch-originalamount-and-transactionamount"
      >
        <input type="checkbox" checked={view.fix} onChange={(e) => setView({ fix: e.target.checked })} />{' '}
        accept-fix: swap amounts
      </label>
      <LongerNameToggle />
      <TamperSelect />
      <button type="button" onClick={onExplain}>
        Explain a request…
      </button>
      <ConditionsButton onClick={onConditions} />
      <button type="button" onClick={onShare}>
        Share…
      </button>
      <button type="button" onClick={onFlows}>
        Flows…
      </button>
      <button
        type="button"
        className="presenter-toggle"
        aria-pressed={presenting}
        aria-keyshortcuts="Alt+Shift+P"
        title="Alt+Shift+P"
        onClick={() => setPresenter(!presenting)}
      >
        Presenter mode
      </button>
      <label className="theme">
        <span className="visually-hidden">Theme</span>
        <select
          value={theme}
          onChange={(e) => {
            const next = e.target.value as Theme
            applyTheme(next)
            setTheme(next)
          }}
        >
          {themes.map((t) => (
            <option key={t} value={t}>
              {themeLabels[t]}
            </option>
          ))}
        </select>
      </label>
      <button type="button" className="icon-button" aria-label="Help" onClick={onHelp}>
        ?
      </button>
    </header>
  )
}

/** Marked while any condition is set, in every tab: answers are then not the sandbox's alone. */
function ConditionsButton({ onClick }: { onClick: () => void }) {
  const count = useConditions().data?.rules.length ?? 0
  return (
    <button type="button" className={count > 0 ? 'conditions-on' : undefined} onClick={onClick}>
      {count > 0 ? `Conditions (${count} on)` : 'Conditions'}
    </button>
  )
}
