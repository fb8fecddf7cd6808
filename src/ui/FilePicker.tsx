import { type ReactNode, useRef } from 'react'

interface FilePickerProps {
  /** The button's words ("Import JSON…"): the one way in for a person and for assistive technology. */
  children: ReactNode
  /**
   * The file input's name. The input is `hidden`, so out of the accessibility tree and the tab order; the
   * name is for tools that hand it a file directly (tests, automation).
   */
  inputLabel: string
  accept: string
  onFile: (file: File) => void
  disabled?: boolean
  className?: string
}

/** A button that opens the browser's file chooser and hands over the one file picked. */
export function FilePicker({ children, inputLabel, accept, onFile, disabled, className }: FilePickerProps) {
  const input = useRef<HTMLInputElement>(null)
  return (
    <>
      <button type="button" className={className} disabled={disabled} onClick={() => input.current?.click()}>
        {children}
      </button>
      <input
        ref={input}
        type="file"
        accept={accept}
        hidden
        aria-label={inputLabel}
        onChange={(event) => {
          const file = event.target.files?.[0]
          // Cleared, so picking the same file again (after fixing it) is a change too.
          event.target.value = ''
          if (file) onFile(file)
        }}
      />
    </>
  )
}
