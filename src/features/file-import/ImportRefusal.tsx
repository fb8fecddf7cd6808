import { boundedProblems } from './refusal-words'

interface ImportRefusalProps {
  /** The file's name, as the person picked it. */
  file: string
  /** Why it was refused, one line per problem (importProblemsInWords, or readImportText's reason). */
  problems: readonly string[]
  onDismiss?: () => void
}

/**
 * An import that changed nothing, and why. Shown in the 230 px sidebar as well as in dialogs, so it stays
 * short: the first problem in view, the next few folded under a disclosure in a box of bounded height, and
 * the rest counted, never a list that pushes the account list out of view.
 */
export function ImportRefusal({ file, problems, onDismiss }: ImportRefusalProps) {
  const { shown, more } = boundedProblems(problems)
  const [first, ...next] = shown
  const others = problems.length - 1
  return (
    <div className="form-alert import-refusal" role="alert">
      <p>
        <strong>{file}</strong> was not imported; nothing changed.
      </p>
      {first === undefined ? null : <p>{first}</p>}
      {others > 0 ? (
        <details>
          <summary>
            {others} more {others === 1 ? 'problem' : 'problems'}
          </summary>
          <ul className="import-problems">
            {next.map((line, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: two problems may read the same; the list is replaced whole
              <li key={i}>{line}</li>
            ))}
          </ul>
          {more > 0 ? <p>and {more} more problems</p> : null}
        </details>
      ) : null}
      {onDismiss ? (
        <button type="button" onClick={onDismiss}>
          Dismiss
        </button>
      ) : null}
    </div>
  )
}
