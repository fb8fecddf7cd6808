import { useState } from 'react'
import { type Mode, modeLabels, modes } from '../api'
import { useView } from '../features/view-state'
import { switchMode } from './switch-mode'
import { TamperSelect } from './TamperSelect'
import { applyTheme, readTheme, type Theme, themes } from './theme'

const themeLabels: Record<Theme, string> = { system: 'System theme', light: 'Light', dark: 'Dark' }

interface HeaderProps {
  mode: Mode
  onHelp: () => void
  /** Proxy mode: opens the Connection panel. */
  onConnection: (() => void) | undefined
}

export function Header({ mode, onHelp, onConnection }: HeaderProps) {
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
        <select value={mode} onChange={(e) => void switchMode(e.target.value as Mode)}>
          {modes.map((m) => (
            <option key={m} value={m}>
              {modeLabels[m]}
            </option>
          ))}
        </select>
      </label>
      {onConnection ? (
        <button type="button" onClick={onConnection}>
          Connection
        </button>
      ) : null}
      <label
        className="fix-toggle"
        title="Sends accept-fix: cardaccount-switch-originalamount-and-transactionamount"
      >
        <input type="checkbox" checked={view.fix} onChange={(e) => setView({ fix: e.target.checked })} />{' '}
        accept-fix: swap amounts
      </label>
      <TamperSelect />
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
