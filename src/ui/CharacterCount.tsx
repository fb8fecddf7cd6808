import { characterCount } from '../contract'

/**
 * "37/35 characters", marked once over the limit: counted as the rule counts (code points, trimmed;
 * docs/decisions.md#text-length), so a text is never cut short without a word.
 */
export function CharacterCount({ text, max }: { text: string; max: number }) {
  const count = characterCount(text.trim())
  return (
    <span className={count > max ? 'over-limit' : undefined}>
      {count}/{max} characters
    </span>
  )
}
