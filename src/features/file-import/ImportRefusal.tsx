import { boundedProblems, MORE_PROBLEMS_LINE } from './refusal-words'

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
  // A reader that stopped listing says so last: the count is then "more than", not a number.
  const truncated = problems.at(-1) === MORE_PROBLEMS_LINE
  const listed = truncated ? problems.slice(0, -1) : problems
  const { shown, more } = boundedProblems(listed)
  const [first, ...next] = shown
  const others = listed.length - 1
  return (
    <div className="form-alert import-refusal" role="alert">
      <p>
        <strong>{file}</strong> was not imported; nothing changed.
      </p>
      {first === undefined ? null : <p>{first}</p>}
      {others > 0 ? (
        <details>
          <summary>
            {truncated ? 'More than ' : ''}
            {others} more {others === 1 ? 'problem' : 'problems'}
          </summary>
          <ul className="import-problems">
            {next.map((line, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: two problems may read the same; the list is replaced whole
              <li key={i}>{line}</li>
            ))}
          </ul>
          {more > 0 ? <p>and {more} more problems</p> : null}
          {truncated ? <p>{MORE_PROBLEMS_LINE}</p> : null}
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
