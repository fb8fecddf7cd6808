import type { TppMessage } from '../contract'

/** tppMessages as the sandbox sent them: code, the field it names, and the text. */
export function Messages({ messages }: { messages: readonly TppMessage[] }) {
  return (
    <ul className="messages">
      {messages.map((m, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: messages have no identity; the list is replaced whole
        <li key={i}>
          <code className="code">{m.code}</code> {m.text}
        </li>
      ))}
    </ul>
  )
}

/** A form's own failure (not tied to one field): the sandbox's messages, or a sentence. */
export function FormAlert({ alert }: { alert: readonly TppMessage[] | string | undefined }) {
  if (!alert) return null
  return (
    <div className="form-alert" role="alert">
      {typeof alert === 'string' ? <p>{alert}</p> : <Messages messages={alert} />}
    </div>
  )
}
