import { type FocusEvent, type KeyboardEvent, type ReactNode, useLayoutEffect, useRef, useState } from 'react'
import { type Mode, modeDataHomes, modeLabels, modes } from '../api'
import { LongerNameToggle } from '../features/LongerNameToggle'
import { usePresenter, useTogglePresenter } from '../features/presenter'
import { useView } from '../features/view-state'
import { MenuButton, type MenuButtonHandle } from '../ui/MenuButton'
import { useHeightProperty } from '../ui/use-height-property'
import { useMediaQuery } from '../ui/use-media-query'
import { ConditionBadges, useChangedConditions } from './ConditionBadges'
import { ProxyAnswering } from './ProxyAnswering'
import { TamperSelect } from './TamperSelect'
import { applyTheme, readTheme, type Theme, themes } from './theme'

const themeLabels: Record<Theme, string> = { system: 'System theme', light: 'Light', dark: 'Dark' }

/** The swap's label, plain words first: e2e and the Help name the control by it. */
export const SWAP_AMOUNTS_LABEL = 'Swap the two amounts (accept-fix)'

/**
 * Below this width the groups no longer fit beside the mode switch (800 px, a laptop at 200 % zoom): they
 * fold into one Tools button so the header stays one row. Wider, each group is its own button.
 */
export const NARROW_HEADER = '(max-width: 1199px)'
/** The same at presenter mode's larger type (20 px, not 14): the groups need that much more room. */
const PRESENTER_NARROW_HEADER = '(max-width: 1714px)'

interface HeaderProps {
  mode: Mode
  /** Reloads the console in the other mode (src/app/switch-mode.ts). */
  onSwitchMode: (to: Mode) => void
  onHelp: () => void
  /** Proxy mode: opens the Connection panel. */
  onConnection: (() => void) | undefined
  /** Opens the panel that explains a request from another client. */
  onExplain: () => void
  /** Opens the sandbox clock's panel (offline also the bank the sandbox behaves like). */
  onClock: () => void
  /** Opens the Conditions panel (faults, latency, quotas). */
  onConditions: () => void
  /** Opens "Share what you see": copy a link, export the session. */
  onShare: () => void
  /** Opens the flows panel (presenter flows). */
  onFlows: () => void
}

/**
 * One row, grouped by what a person is doing: where the data is (the mode), what is changed on purpose
 * (badges, then the Test conditions group), explaining and showing (Explain & share), the page's own
 * settings (Connection, Theme), and Help. See docs/decisions.md#header.
 */
export function Header({
  mode,
  onSwitchMode,
  onHelp,
  onConnection,
  onExplain,
  onClock,
  onConditions,
  onShare,
  onFlows,
}: HeaderProps) {
  // The one-column page keeps the header stuck at its top (styles.css): focus scrolls clear of it.
  const header = useRef<HTMLElement>(null)
  useHeightProperty(header, '--header-height')
  const togglePresenter = useTogglePresenter()
  const presenting = usePresenter()
  const narrow = useMediaQuery(presenting ? PRESENTER_NARROW_HEADER : NARROW_HEADER)
  const { menus, followFocus } = useRegroupedFocus(narrow)
  const [view, setView] = useView()
  const [theme, setTheme] = useState(readTheme)
  const changed = useChangedConditions(mode)
  const attention =
    changed.length > 0 ? `Changed on purpose: ${changed.map((c) => c.text).join('; ')}` : undefined

  const testConditions: ReactNode = (
    <>
      <TamperSelect />
      <button type="button" onClick={onConditions}>
        Faults, delays and quotas (Conditions)…
      </button>
      <button type="button" onClick={onClock}>
        {mode === 'offline' ? 'Sandbox clock and bank…' : 'Sandbox clock…'}
      </button>
      <label
        className="fix-toggle"
        title="Sends accept-fix: cardaccount-switch-originalamount-and-transactionamount"
      >
        <input
          type="checkbox"
          data-control="swap-amounts"
          checked={view.fix}
          onChange={(e) => setView({ fix: e.target.checked })}
        />{' '}
        {SWAP_AMOUNTS_LABEL}
      </label>
      <LongerNameToggle />
    </>
  )
  const support: ReactNode = (
    <>
      <button type="button" onClick={onExplain}>
        Explain a request…
      </button>
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
        onClick={togglePresenter}
      >
        Presenter mode
      </button>
    </>
  )
  const connection = onConnection ? (
    <button type="button" onClick={onConnection}>
      Connection
    </button>
  ) : null
  const themeSelect = (
    <label className="theme">
      <span>Theme</span>
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
  )

  return (
    <header className={narrow ? 'app-header app-header-narrow' : 'app-header'} ref={header}>
      <h1>Sandbox Console</h1>
      <label className={`mode mode-${mode}`}>
        <span className="visually-hidden">Mode</span>
        <span className="mode-dot" aria-hidden="true">
          ●
        </span>
        <select
          value={mode}
          aria-describedby="mode-data"
          onChange={(e) => onSwitchMode(e.target.value as Mode)}
          onKeyDown={openInsteadOfSwitching}
        >
          {modes.map((m) => (
            <option key={m} value={m}>
              {modeLabels[m]}
            </option>
          ))}
        </select>
        {/* Its description, not part of its name: the label would otherwise read it as the select's name. */}
        <span className="mode-data" id="mode-data" aria-hidden="true">
          {modeDataHomes[mode]}
        </span>
      </label>
      {mode === 'proxy' ? <ProxyAnswering /> : null}
      <ConditionBadges
        changed={changed}
        onClock={onClock}
        onConditions={onConditions}
        onControl={(control) => menus.test.current?.open(`[data-control="${control}"]`)}
      />
      {/* The menus are keyed: unkeyed, React made Tools the Test conditions button across a fold, focus and all. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: it follows the focus, handling no input */}
      <div className="header-groups" onFocus={followFocus} onBlur={followFocus}>
        {narrow ? (
          <MenuButton
            key="tools"
            ref={menus.test}
            className="header-tools"
            label="Tools"
            attention={attention}
          >
            <MenuGroup title="Test conditions">{testConditions}</MenuGroup>
            <MenuGroup title="Explain & share">{support}</MenuGroup>
            <MenuGroup title="Settings and help">
              {connection}
              {themeSelect}
              <button type="button" onClick={onHelp}>
                Help
              </button>
            </MenuGroup>
          </MenuButton>
        ) : (
          <>
            <MenuButton key="test" ref={menus.test} label="Test conditions" attention={attention}>
              {testConditions}
            </MenuButton>
            <MenuButton key="share" ref={menus.share} label="Explain & share">
              {support}
            </MenuButton>
            <MenuButton key="settings" ref={menus.settings} label="Settings">
              {connection}
              {themeSelect}
            </MenuButton>
            <button type="button" className="icon-button" aria-label="Help" onClick={onHelp}>
              ?
            </button>
          </>
        )}
      </div>
    </header>
  )
}

/**
 * An arrow key on the closed Mode select opens its list rather than choose the next mode: Chromium switches
 * a closed select on ArrowUp/ArrowDown, and a switch reloads the page into the other mode's data (WCAG
 * 3.2.2: no change of context on input). In the open list the arrows move and Enter chooses.
 */
function openInsteadOfSwitching(event: KeyboardEvent<HTMLSelectElement>) {
  if ((event.key !== 'ArrowDown' && event.key !== 'ArrowUp') || event.altKey) return
  event.preventDefault()
  try {
    event.currentTarget.showPicker()
  } catch {
    // No list to show (a browser without showPicker, or one that refuses it here): Space or Alt+ArrowDown
    // still opens it, and the mode stays as it was.
  }
}

type MenuGroupName = 'test' | 'share' | 'settings'

/**
 * The groups fold into Tools, or unfold, when the width or presenter mode's type size changes (the toggle is
 * inside them): the control that had the focus is then gone and the focus falls to the page. It goes to the
 * button that now holds that control's group instead: Tools folded, the group's own button unfolded.
 * Returns the menus' handles and the handler that follows the focus in and out of the groups.
 */
function useRegroupedFocus(narrow: boolean) {
  const test = useRef<MenuButtonHandle>(null)
  const share = useRef<MenuButtonHandle>(null)
  const settings = useRef<MenuButtonHandle>(null)
  const group = useRef<MenuGroupName | null>(null)
  useLayoutEffect(() => {
    const was = group.current
    if (was === null || (document.activeElement ?? document.body) !== document.body) return
    const holder = narrow ? test : { test, share, settings }[was]
    holder.current?.focus()
  }, [narrow])
  const followFocus = (event: FocusEvent<HTMLElement>) => {
    const to = event.type === 'focus' ? event.target : event.relatedTarget
    if (!(to instanceof Element && event.currentTarget.contains(to))) group.current = null
    // Tools holds every group: the focus back on it from one of them (a click inside) keeps that group.
    else if (group.current === null || !to.matches('.header-tools > .menu-button-toggle'))
      group.current = groupOf(to)
  }
  return { menus: { test, share, settings }, followFocus }
}

/** The group a control of the header's belongs to, by the label of its menu or of its folded group. */
function groupOf(control: Element): MenuGroupName {
  const label =
    control.closest('[role="group"]')?.getAttribute('aria-label') ??
    control.closest('.menu-button')?.querySelector('.menu-button-toggle')?.textContent
  if (label?.startsWith('Explain')) return 'share'
  if (label?.startsWith('Settings')) return 'settings'
  return 'test'
}

/** One group of the folded Tools panel, named for a screen reader and in sight. */
function MenuGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset would make the group's buttons a form's
    <div role="group" aria-label={title} className="menu-group">
      <p className="menu-group-title" aria-hidden="true">
        {title}
      </p>
      {children}
    </div>
  )
}
