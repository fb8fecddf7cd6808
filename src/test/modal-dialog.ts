/**
 * jsdom has `<dialog>` without its modal API, and every dialog of the app opens with showModal(). Only
 * `open` makes a dialog and its contents visible to queries by role; and Escape must do what a browser
 * does in a modal dialog: send it a cancelable `cancel` event (the Dialog decides whether it closes).
 */
export function installModalDialogs(): void {
  if (typeof HTMLDialogElement.prototype.showModal === 'function') return
  const escapeCancels = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !(event.currentTarget instanceof HTMLDialogElement)) return
    const dialog = event.currentTarget
    if (dialog.dispatchEvent(new Event('cancel', { cancelable: true }))) dialog.close()
  }
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true
    this.addEventListener('keydown', escapeCancels)
  }
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false
    this.removeEventListener('keydown', escapeCancels)
  }
}
