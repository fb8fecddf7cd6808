/**
 * Every dialog of the app opens with showModal(), and Escape must do what a browser does in a modal dialog:
 * send it a cancelable `cancel` event (the Dialog decides whether it closes). happy-dom's showModal() opens
 * the dialog but leaves Escape unheard: Escape is added over its showModal and close.
 */
const installed = Symbol.for('sandbox-console.test.modal-dialogs')

export function installModalDialogs(): void {
  const prototype: HTMLDialogElement & { [installed]?: true } = HTMLDialogElement.prototype
  if (prototype[installed]) return
  prototype[installed] = true
  const { showModal: pageShowModal, close: pageClose } = prototype
  const escapeCancels = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !(event.currentTarget instanceof HTMLDialogElement)) return
    const dialog = event.currentTarget
    if (dialog.dispatchEvent(new Event('cancel', { cancelable: true }))) dialog.close()
  }
  prototype.showModal = function showModal(this: HTMLDialogElement) {
    pageShowModal.call(this)
    this.addEventListener('keydown', escapeCancels)
  }
  prototype.close = function close(this: HTMLDialogElement, returnValue?: string) {
    pageClose.call(this, returnValue)
    this.removeEventListener('keydown', escapeCancels)
  }
}
