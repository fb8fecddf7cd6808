/**
 * Every dialog of the app opens with showModal(), and Escape must do what a browser does in a modal dialog:
 * send it a cancelable `cancel` event (the Dialog decides whether it closes). jsdom has `<dialog>` without
 * its modal API, where only `open` makes a dialog and its contents visible to queries by role; happy-dom's
 * showModal() opens it but leaves Escape unheard. Escape is added over the page's own showModal and close,
 * or over `open` where there are none.
 */
const installed = Symbol.for('sandbox-console.test.modal-dialogs')

export function installModalDialogs(): void {
  const prototype: HTMLDialogElement & { [installed]?: true } = HTMLDialogElement.prototype
  if (prototype[installed]) return
  prototype[installed] = true
  const pageShowModal: HTMLDialogElement['showModal'] | undefined = prototype.showModal
  const pageClose: HTMLDialogElement['close'] | undefined = prototype.close
  const escapeCancels = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !(event.currentTarget instanceof HTMLDialogElement)) return
    const dialog = event.currentTarget
    if (dialog.dispatchEvent(new Event('cancel', { cancelable: true }))) dialog.close()
  }
  prototype.showModal = function showModal(this: HTMLDialogElement) {
    if (pageShowModal) pageShowModal.call(this)
    else this.open = true
    this.addEventListener('keydown', escapeCancels)
  }
  prototype.close = function close(this: HTMLDialogElement, returnValue?: string) {
    if (pageClose) pageClose.call(this, returnValue)
    else this.open = false
    this.removeEventListener('keydown', escapeCancels)
  }
}
