import {
  createContext,
  type ReactNode,
  Suspense,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react'
import { DialogNavigationContext, type NavigationOutcome } from './dialog-navigation'
import { focusedOpener, returnFocus } from './focus-return'
import { HelpTextContext, type HelpTopic, helpTopics } from './help'
import { askBeforeLeaving } from './leave-guard'

interface DialogProps {
  title: string
  onClose: () => void
  children: ReactNode
  /** Wide dialogs hold tables of rows (the batch form). */
  wide?: boolean
  /** While work runs (a bulk fill), Escape must not close the dialog behind the user's back. */
  busy?: boolean
  /**
   * Set while the form holds something the user typed: the question Escape, × and Cancel then ask
   * ("Discard the 2 transactions you typed?") before anything is thrown away. Unset, they close at once.
   */
  confirmDiscard?: string | undefined
  /** Help's section about this dialog: a Help button in the title bar shows it in place, losing nothing typed. */
  help?: HelpTopic | undefined
  /**
   * Where the focus goes if what opened the dialog is gone on close and no control took its id (the main
   * area when this has none).
   */
  focusInstead?: (() => HTMLElement | undefined) | undefined
}

const FIRST_CONTROL =
  ':scope > :not(.dialog-header) :is(input:not([type="hidden"], [hidden]), select, textarea, button, a[href]):not(:disabled)'

/** How a control inside a dialog asks to close it: through the same question as Escape and ×. */
const RequestCloseContext = createContext<() => void>(() => {})

/**
 * A native modal `<dialog>`, open while mounted: Escape closes it, focus starts on the first field and stays inside, and on close
 * focus returns to whatever opened it (or to the main area, if that is gone). With `confirmDiscard` set, closing asks first.
 */
export function Dialog({
  title,
  onClose,
  children,
  wide = false,
  busy = false,
  confirmDiscard,
  help,
  focusInstead: focusInsteadProp,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null)
  // Read on close, by the effect that opened the dialog once.
  const focusInstead = useRef(focusInsteadProp)
  focusInstead.current = focusInsteadProp
  const titleId = useId()
  const [asking, setAsking] = useState<string>()
  // Where the user was typing when the question came: "Keep editing" puts them back there.
  const typingIn = useRef<HTMLElement | null>(null)
  const navigation = useContext(DialogNavigationContext)
  const HelpText = useContext(HelpTextContext)
  const [helpShown, setHelpShown] = useState(false)
  const helpId = useId()

  const requestClose = () => {
    if (busy) return
    if (confirmDiscard === undefined) {
      onClose()
      return
    }
    typingIn.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
    setAsking(confirmDiscard)
  }
  const keepEditing = () => {
    setAsking(undefined)
    navigation?.keptEditing()
    const back = typingIn.current?.isConnected
      ? typingIn.current
      : ref.current?.querySelector<HTMLElement>(FIRST_CONTROL)
    back?.focus()
  }
  // Escape is a `cancel` event the effect below listens to once; it reads what is current through this.
  const onEscape = useRef(requestClose)
  onEscape.current = asking === undefined ? requestClose : keepEditing
  // Back, Forward or a link asks as Escape does, and learns whether the dialog closed (dialog-registry).
  const onNavigation = useRef((): NavigationOutcome => 'refused')
  onNavigation.current = () => {
    if (busy) return 'refused'
    requestClose()
    return confirmDiscard === undefined ? 'closed' : 'asking'
  }
  useEffect(() => navigation?.attach(() => onNavigation.current()), [navigation])
  // A reload, a closed tab or another address would throw the typed input away as silently as an unasked
  // Escape, or cut a busy dialog's writes off half-way (Generate's hundredth request of two hundred): while
  // there is either, the browser asks first.
  const holdsInput = confirmDiscard !== undefined
  useEffect(() => (holdsInput || busy ? askBeforeLeaving() : undefined), [holdsInput, busy])

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    const opener = focusedOpener()
    dialog.showModal()
    // showModal focuses the header's ×; typing must go into the form, so the first control of the body.
    dialog.querySelector<HTMLElement>(FIRST_CONTROL)?.focus()
    const onCancel = (event: Event) => {
      event.preventDefault()
      onEscape.current()
    }
    dialog.addEventListener('cancel', onCancel)
    return () => {
      dialog.removeEventListener('cancel', onCancel)
      dialog.close()
      returnFocus(opener, () => focusInstead.current?.())
    }
  }, [])

  return (
    <dialog ref={ref} aria-labelledby={titleId} className={wide ? 'dialog dialog-wide' : 'dialog'}>
      <header className="dialog-header">
        <h2 id={titleId}>{title}</h2>
        {help === undefined || HelpText === undefined ? null : (
          <button
            type="button"
            className="dialog-help-toggle"
            aria-expanded={helpShown}
            aria-controls={helpId}
            onClick={() => setHelpShown(!helpShown)}
          >
            Help
          </button>
        )}
        <button
          type="button"
          className="icon-button"
          aria-label="Close"
          disabled={busy}
          onClick={requestClose}
        >
          ×
        </button>
      </header>
      {help !== undefined && HelpText !== undefined && helpShown ? (
        // In place, not the Help dialog: opening that would close this one with whatever was typed in it.
        <section id={helpId} className="dialog-help" aria-label={`Help: ${helpTopics[help]}`}>
          <Suspense fallback={<p>Loading Help…</p>}>
            <HelpText topic={help} />
          </Suspense>
        </section>
      ) : null}
      <RequestCloseContext value={requestClose}>{children}</RequestCloseContext>
      {asking === undefined ? null : (
        <DiscardQuestion question={asking} onDiscard={onClose} onKeepEditing={keepEditing} />
      )}
    </dialog>
  )
}

/** A dialog's Cancel: it closes as Escape does, asking first when something typed would be lost. */
export function DialogCancel({
  children = 'Cancel',
  disabled,
}: {
  children?: ReactNode
  disabled?: boolean
}) {
  const requestClose = useContext(RequestCloseContext)
  return (
    <button type="button" onClick={requestClose} disabled={disabled}>
      {children}
    </button>
  )
}

interface DiscardQuestionProps {
  question: string
  onDiscard: () => void
  onKeepEditing: () => void
}

/**
 * Inside the dialog, not a second modal: the form stays on screen, so the user sees what they would lose.
 * Focus goes to "Keep editing", the choice that loses nothing.
 */
function DiscardQuestion({ question, onDiscard, onKeepEditing }: DiscardQuestionProps) {
  const questionId = useId()
  const keep = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    keep.current?.focus()
    keep.current?.scrollIntoView({ block: 'nearest' })
  }, [])
  return (
    <section className="discard-question" aria-labelledby={questionId}>
      <p id={questionId} role="alert">
        {question}
      </p>
      <div className="dialog-actions">
        <button type="button" className="danger" onClick={onDiscard}>
          Discard
        </button>
        <button type="button" ref={keep} onClick={onKeepEditing}>
          Keep editing
        </button>
      </div>
    </section>
  )
}
