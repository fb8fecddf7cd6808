import type { UserEvent } from '@testing-library/user-event'

/**
 * Puts `text` into an empty field as a user's paste does: one input event. Typed, each key is a render of
 * the whole form, a few CPU milliseconds each in a test page (measured in jsdom), which made typing the bulk of a form test's time. For
 * filling in a value; a test of what a field does key by key types.
 */
export async function pasteInto(user: UserEvent, field: HTMLElement, text: string): Promise<void> {
  if (!(field instanceof HTMLInputElement) || field.value !== '') {
    throw new Error(`pasteInto fills an empty input, not ${field.outerHTML.slice(0, 120)}`)
  }
  await user.click(field)
  await user.paste(text)
}
