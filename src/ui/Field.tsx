import { type ReactNode, useId } from 'react'

export interface ControlProps {
  id: string
  'aria-invalid': boolean
  'aria-describedby': string | undefined
  'aria-required': true | undefined
}

interface FieldProps {
  label: string
  error?: string | undefined
  hint?: ReactNode
  className?: string
  /**
   * A field that may not be left blank, said to screen readers with aria-required. Not the native
   * `required`: the browser's bubble would speak before the form's own message, in other words.
   */
  required?: boolean
  children: (control: ControlProps) => ReactNode
}

/** A labelled control with its hint and inline error, wired up for screen readers. */
export function Field({ label, error, hint, className, required = false, children }: FieldProps) {
  const id = useId()
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        'aria-invalid': error !== undefined,
        'aria-describedby': describedBy,
        'aria-required': required || undefined,
      })}
      {hint ? (
        <small id={hintId} className="hint">
          {hint}
        </small>
      ) : null}
      {error ? (
        <small id={errorId} className="field-error">
          {error}
        </small>
      ) : null}
    </div>
  )
}
