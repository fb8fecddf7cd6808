import { type ComponentProps, useState } from 'react'
import { flushSync } from 'react-dom'
import { maskIdentifier } from './mask'
import { usePresenter } from './presenter'

type PersonalInputProps = Omit<ComponentProps<'input'>, 'value' | 'onChange'> & {
  value: string
  onChange: (value: string) => void
}

/**
 * A field for a person's identifier (a PSU id, a customer number). In presenter mode the audience never
 * reads it: at rest it shows the mask every other place shows (the last two characters kept); while typed it
 * reads as dots, as a password field would, but is no password field (no browser offers to save it).
 * "Show" reveals it for a presenter who chooses to, and says so (aria-pressed). Outside presenter mode it is
 * a plain field.
 */
export function PersonalInput({ value, onChange, onFocus, onBlur, className, ...rest }: PersonalInputProps) {
  const presenting = usePresenter()
  const [focused, setFocused] = useState(false)
  const [revealed, setRevealed] = useState(false)
  if (!presenting)
    return (
      <input
        {...rest}
        className={className}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onFocus={onFocus}
        onBlur={onBlur}
      />
    )
  const masked = !revealed && !focused
  return (
    <span className="personal-input">
      <input
        {...rest}
        className={
          [className, !revealed && focused ? 'personal-typing' : undefined].filter(Boolean).join(' ') ||
          undefined
        }
        value={masked ? maskIdentifier(value) : value}
        onChange={(e) => {
          if (!masked) onChange(e.target.value)
        }}
        onFocus={(e) => {
          // The mask swapped for the value at once, inside the focus event, and the whole value selected:
          // typed as dots, it cannot be edited by eye, so typing replaces it (Tab, a click, a test's fill).
          const field = e.currentTarget
          const wasMasked = masked
          flushSync(() => setFocused(true))
          if (wasMasked) field.select()
          onFocus?.(e)
        }}
        onBlur={(e) => {
          setFocused(false)
          onBlur?.(e)
        }}
      />
      <button
        type="button"
        className="reveal"
        aria-pressed={revealed}
        title="Show the value on the shared screen"
        onClick={() => setRevealed(!revealed)}
      >
        Show
      </button>
    </span>
  )
}

/** A personal value as the screen shows it: masked in presenter mode. */
export function useShownPersonal(): (value: string) => string {
  return usePresenter() ? maskIdentifier : (value) => value
}
