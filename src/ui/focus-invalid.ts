import { flushSync } from 'react-dom'

/**
 * A refused submit of a form react-hook-form does not run: `mark` shows its errors, rendered at once, and
 * the focus goes to the first field under `root` marked invalid, as react-hook-form's shouldFocusError does
 * for the forms it runs. Left on the submit button, the focus reads nothing of what is wrong; on the field, a
 * screen reader reads its name, "invalid" and the error it is described by (WCAG 3.3.1).
 */
export function focusFirstInvalid(root: ParentNode | null | undefined, mark: () => void = () => {}): void {
  flushSync(mark)
  root?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
}
