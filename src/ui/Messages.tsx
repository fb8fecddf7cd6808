import type { ReactNode } from 'react'
import { conditionNamed, type TppMessage } from '../contract'

/** tppMessages as the sandbox sent them: code, the field it names, and the text. */
export function Messages({ messages }: { messages: readonly TppMessage[] }) {
  return (
    <ul className="messages">
      {messages.map((m, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: messages have no identity; the list is replaced whole
        <li key={i}>
          <code className="code">
            <BreakableCode code={m.code} />
          </code>{' '}
          {m.text}
        </li>
      ))}
    </ul>
  )
}

/**
 * A code as it came, breaking only after an underscore when the line is too narrow for it (the sidebar at
 * 800 px split SIGNATURE_INVALI D); <wbr> adds no character, so the code reads and copies whole.
 */
function BreakableCode({ code }: { code: string }): ReactNode {
  const at = code.indexOf('_')
  if (at < 0) return code
  return (
    <>
      {code.slice(0, at + 1)}
      <wbr />
      <BreakableCode code={code.slice(at + 1)} />
    </>
  )
}

/** A form's own failure (not tied to one field): the sandbox's messages, or a sentence. */
export function FormAlert({
  alert,
  condition,
}: {
  alert: readonly TppMessage[] | string | undefined
  /** The tester's condition that shaped the answer (ApiError's `condition`), so it is not taken for the sandbox's. */
  condition?: string | undefined
}) {
  if (!alert) return null
  return (
    <div className="form-alert" role="alert">
      {typeof alert === 'string' ? <p>{alert}</p> : <Messages messages={alert} />}
      <ShapedBy condition={condition} />
    </div>
  )
}

/** Names the condition that shaped an answer in the words of the inspector's badge. */
export function ShapedBy({ condition }: { condition: string | undefined }) {
  if (condition === undefined) return null
  return (
    <p className="shaped-by">
      {conditionNamed(condition)} shaped this answer: a test condition, set under Conditions.
    </p>
  )
}
