import {
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  useEffect,
  useId,
  useImperativeHandle,
  useRef,
  useState,
} from 'react'

export interface MenuButtonHandle {
  /** Opens the panel from elsewhere (a badge naming a changed setting), focus on the control `focus` selects. */
  open: (focus?: string) => void
  /** Focuses the button: the header gives it the focus its regrouping took away. */
  focus: () => void
}

interface MenuButtonProps {
  label: ReactNode
  /** Set when something inside is switched on that changes what the sandbox answers: marks the button. */
  attention?: string | undefined
  className?: string
  children: ReactNode
  ref?: Ref<MenuButtonHandle>
}

const ITEMS = 'button:not(:disabled), input:not(:disabled), select:not(:disabled), a[href]'
const itemsOf = (panel: HTMLElement | null) => [...(panel?.querySelectorAll<HTMLElement>(ITEMS) ?? [])]

/** The item a list key moves to from `from`: the arrows wrap round, Home and End go to the ends. */
function itemAfterKey(list: HTMLElement[], from: HTMLElement, key: string): HTMLElement | undefined {
  const at = list.indexOf(from)
  if (key === 'ArrowDown') return list[(at + 1) % list.length]
  if (key === 'ArrowUp') return list[(at - 1 + list.length) % list.length]
  if (key === 'Home') return list[0]
  if (key === 'End') return list.at(-1)
  return undefined
}

/** Focus on the control asked for (a badge's), else on the panel's first. */
function focusIn(panel: HTMLElement | null, wanted: string | undefined) {
  const target = wanted ? panel?.querySelector<HTMLElement>(wanted) : null
  ;(target ?? itemsOf(panel)[0])?.focus()
}

/**
 * A button that shows a panel of controls below it (a disclosure, not an ARIA menu: the panel holds
 * checkboxes and selects, which a menu cannot). Opening moves focus to the first control; Tab and the arrow
 * keys move through them, over selects too; Escape, a click outside or focus leaving closes it, Escape giving focus back to
 * the button. A button inside closes the panel once clicked, focus first returning to this button, so a
 * dialog opened from the panel gives focus back here when it closes.
 */
export function MenuButton({ label, attention, className, children, ref }: MenuButtonProps) {
  const [open, setOpen] = useState(false)
  const panelId = useId()
  const root = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  const panel = useRef<HTMLDivElement>(null)
  const focusOn = useRef<string | undefined>(undefined)

  useImperativeHandle(ref, () => ({
    open: (focus) => {
      focusOn.current = focus
      if (!open) setOpen(true)
      else {
        focusIn(panel.current, focus)
        focusOn.current = undefined
      }
    },
    focus: () => button.current?.focus(),
  }))

  const close = (refocus: boolean) => {
    if (refocus) button.current?.focus()
    setOpen(false)
  }

  useEffect(() => {
    if (!open) return
    focusIn(panel.current, focusOn.current)
    focusOn.current = undefined
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', outside)
    return () => document.removeEventListener('pointerdown', outside)
  }, [open])

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      // The panel closes first; a dialog behind it is not this Escape's to close.
      event.preventDefault()
      event.stopPropagation()
      close(true)
      return
    }
    // The panel's arrows move between its controls, a select's included: arrows that went on to change a
    // select changed the Signature switch under a user walking the list (a select still opens with Space or
    // Alt+ArrowDown, and takes typed letters).
    const next = itemAfterKey(itemsOf(panel.current), event.target as HTMLElement, event.key)
    if (next) {
      event.preventDefault()
      next.focus()
    }
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: focus leaving the button and its panel closes the panel
    <div
      ref={root}
      className={className ? `menu-button ${className}` : 'menu-button'}
      onBlur={(event) => {
        // Tab out of the panel closes it; a click on a label inside blurs to nothing and must not.
        const to = event.relatedTarget
        if (open && to instanceof Node && !root.current?.contains(to)) setOpen(false)
      }}
    >
      <button
        ref={button}
        type="button"
        className={attention ? 'menu-button-toggle menu-attention' : 'menu-button-toggle'}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        title={attention}
        onClick={() => setOpen(!open)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault()
            setOpen(true)
          }
        }}
      >
        {label}
      </button>
      {open ? (
        // biome-ignore lint/a11y/noStaticElementInteractions: the keys are the controls' inside, handled once here
        <div
          ref={panel}
          id={panelId}
          className="menu-button-panel"
          onKeyDown={onKeyDown}
          onClick={(event) => {
            if (event.target instanceof Element && event.target.closest('button')) close(true)
          }}
        >
          {children}
        </div>
      ) : null}
    </div>
  )
}
