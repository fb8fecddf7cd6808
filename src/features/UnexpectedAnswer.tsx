import { showJson } from '../api'

interface UnexpectedAnswerProps {
  /** What was being read, e.g. "The transactions answer". */
  what: string
  /** What did not fit, in words (from the reader schema's issues). */
  problems: readonly string[]
  /** The answer as it came: a JSON value, or the text of a body that is not JSON. */
  raw: unknown
}

/**
 * An answer the console's reader did not expect, shown as it came with what was unexpected: a sandbox
 * may send another shape than ours, and a tester must still see it (not an error screen: the request
 * succeeded).
 */
export function UnexpectedAnswer({ what, problems, raw }: UnexpectedAnswerProps) {
  return (
    <div className="notice">
      <p className="notice-title">{what} is not in the shape the console expects; here it is as it came.</p>
      <p>What was unexpected:</p>
      <ul className="messages">
        {problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
      <pre className="raw-json">{typeof raw === 'string' ? raw : showJson(raw)}</pre>
    </div>
  )
}
