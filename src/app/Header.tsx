import { type ReactNode, useState } from 'react'
import { type Mode, modeDataHomes, modeLabels, modes, useConditions, useTamper } from '../api'
import { LongerNameToggle } from '../features/LongerNameToggle'
import { usePresenter, usePresenterSetting } from '../features/presenter/presenter'
import { ClockBadge } from '../features/sandbox-clock/ClockBadge'
import { useView } from '../features/view-state'
import { MenuButton } from '../ui/MenuButton'
import { useMediaQuery } from '../ui/use-media-query'
import { switchMode } from './switch-mode'
import { TamperSelect } from './TamperSelect'
import { applyTheme, readTheme, type Theme, themes } from './theme'

const themeLabels: Record<Theme, string> = { system: 'System theme', light: 'Light', dark: 'Dark' }

/**
 * Below this width the tools no longer fit beside the mode switch (800 px, a laptop at 200 % zoom): they
 * fold into one Tools button so the header stays one row. Wider, they stay in sight as before.
 */
export const NARROW_HEADER = '(max-width: 1199px)'

interface HeaderProps {
  mode: Mode
  onHelp: () => void
  /** Proxy mode: opens the Connection panel. */
  onConnection: (() => void) | undefined
  /** Opens the panel that explains a request from another client. */
  onExplain: () => void
  /** Opens the sandbox clock's panel. */
  onClock: () => void
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
  onClock,
  onConditions,
  onShare,
  onFlows,
}: HeaderProps) {
  const narrow = useMediaQuery(NARROW_HEADER)
  const presenter = usePresenterSetting()
  const presenting = usePresenter()
  const [view, setView] = useView()
  const [theme, setTheme] = useState(readTheme)
  const attention = useToolsAttention()

  const tools: ReactNode = (
    <>
      {onConnection ? (
        <button type="button" onClick={onConnection}>
          Connection
        </button>
      ) : null}
      <ClockBadge onOpen={onClock} show={narrow ? 'button' : 'either'} />
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
        onClick={() => presenter.write(!presenting)}
      >
        Presenter mode
      </button>
      <label className="theme">
        <span className={narrow ? undefined : 'visually-hidden'}>Theme</span>
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
      {narrow ? (
        <button type="button" onClick={onHelp}>
          Help
        </button>
      ) : (
        <button type="button" className="icon-button" aria-label="Help" onClick={onHelp}>
          ?
        </button>
      )}
    </>
  )

  return (
    <header className={narrow ? 'app-header app-header-narrow' : 'app-header'}>
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
      {narrow ? (
        <>
          {/* A moved sandbox clock changes every answer: its badge stays in sight. */}
          <ClockBadge onOpen={onClock} show="badge" />
          <MenuButton
            className="header-tools"
            label={attention ? `Tools (${attention.count} on)` : 'Tools'}
            attention={attention?.text}
          >
            {tools}
          </MenuButton>
        </>
      ) : (
        tools
      )}
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

/**
 * What, folded into the Tools menu, changes the sandbox's answers: conditions and a spoiled signature are
 * marked in the header when wide, so the folded button carries the mark instead.
 */
function useToolsAttention(): { count: number; text: string } | undefined {
  const conditions = useConditions().data?.rules.length ?? 0
  const tamper = useTamper()
  const on = [
    ...(conditions > 0 ? [`${conditions} ${conditions === 1 ? 'condition' : 'conditions'} set`] : []),
    ...(tamper ? ['the signature is spoiled on purpose'] : []),
  ]
  return on.length > 0 ? { count: on.length, text: `On: ${on.join('; ')}` } : undefined
}
