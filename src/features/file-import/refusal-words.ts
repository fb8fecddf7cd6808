import { CONSOLE_FILE_VERSION, MORE_PROBLEMS_TEXT, type TppMessage } from '../../contract'
import { capitalised } from '../form-errors'

/** Every kind of file the console writes (src/contract/snapshot.ts), and where each one is imported. */
const kindsInWords: Readonly<Record<string, { what: string; importedWith: string }>> = {
  data: { what: 'an offline data export', importedWith: 'Import JSON… in the sidebar (Offline mode)' },
  'account-book': { what: 'an account book', importedWith: 'Import JSON… or Import book… in the sidebar' },
  scenario: { what: 'a scenario', importedWith: 'Import scenario… under Scenarios… (Offline mode)' },
  flows: { what: 'a flows file', importedWith: 'Import flows… in the Flow panel' },
  'bank-profile': {
    what: 'a bank profile',
    importedWith: 'Load a profile file… in the Sandbox clock panel (Offline mode)',
  },
}

/** One of the console's imports, as the refusal names it. */
export interface ImportReader {
  /** The kinds of file it reads. */
  kinds: readonly string[]
  /** What it expects, after "expected": the button that writes such a file. */
  expects: string
}

export const dataImport: ImportReader = {
  kinds: ['data', 'account-book'],
  expects: 'a file saved with Export JSON or Export book',
}
export const scenarioImport: ImportReader = {
  kinds: ['scenario'],
  expects: 'a scenario file saved with Export in Scenarios…',
}
export const profileImport: ImportReader = {
  kinds: ['bank-profile'],
  expects: 'a bank profile saved with Save profile file in a check of the sandbox',
}
export const flowsImport: ImportReader = {
  kinds: ['flows'],
  expects: 'a flows file saved with Export flow',
}

/**
 * Why a file was refused, one line per problem, in words a person can act on: a file that is not the
 * console's at all, or of another version or kind, is told that alone (its fields' problems would only
 * mislead); a console file's field problems say where in words ("Card account 1, transaction 3") and then
 * the rule as the contract states it. Codes such as FORMAT_ERROR stay in the data, out of these words.
 * `data` is the file's value, for naming the version or kind it has.
 */
export function importProblemsInWords(
  data: unknown,
  messages: readonly TppMessage[],
  reader: ImportReader,
): string[] {
  const head = headProblem(data, messages, reader)
  return head !== undefined ? [head] : messages.map(fieldProblemInWords)
}

function headProblem(data: unknown, messages: readonly TppMessage[], reader: ImportReader) {
  const file = typeof data === 'object' && data !== null && !Array.isArray(data) ? data : undefined
  const at = (path: string) => messages.some((message) => message.path === path)
  // An array, a string, an object without the format marker: not a file of this console at all.
  if (file === undefined || at('format')) {
    return `This is not a Sandbox Console export: expected ${reader.expects}.`
  }
  const fields = file as Record<string, unknown>
  if (at('version')) return versionProblem(fields.version)
  if (at('kind')) return kindProblem(fields.kind, reader)
  return undefined
}

const versionsRead = `this console reads versions 1 to ${CONSOLE_FILE_VERSION}`

function versionProblem(version: unknown): string {
  if (version === undefined) return `The file has no version; ${versionsRead}.`
  if (typeof version === 'number' && version > CONSOLE_FILE_VERSION) {
    return `The file is version ${version}, from a newer console; ${versionsRead}. Update the console to import it.`
  }
  return `The file's version is ${JSON.stringify(version)}; ${versionsRead}.`
}

function kindProblem(kind: unknown, reader: ImportReader): string {
  const reads = `this import reads ${reader.kinds.map((k) => kindsInWords[k]?.what ?? k).join(' or ')}`
  const known = typeof kind === 'string' ? kindsInWords[kind] : undefined
  if (known !== undefined) return `The file is ${known.what}; ${reads}. Import it with ${known.importedWith}.`
  if (kind === undefined) return `The file does not say what it holds (it has no kind); ${reads}.`
  return `The file holds a kind this console does not know (${JSON.stringify(kind)}); ${reads}.`
}

/**
 * Places in a console file, each named in words with its 1-based number, tried in turn at the start of
 * what is left of the path. An upstream's book is keyed by its URL, which has dots of its own: the
 * book's fields that follow it mark where the key ends.
 */
const places: readonly { path: RegExp; name: (match: RegExpExecArray) => string }[] = [
  { path: /^cardAccounts\[(\d+)\]/, name: (m) => `Card account ${ordinal(m[1])}` },
  // The account object itself: its fields are the card account's.
  { path: /^\.account(?=\.|$)/, name: () => '' },
  { path: /^\.transactions\[(\d+)\]/, name: (m) => `transaction ${ordinal(m[1])}` },
  { path: /^unreadable\[(\d+)\]/, name: (m) => `Unreadable record ${ordinal(m[1])}` },
  {
    path: /^accountBook\.books\.(.+?)(?=\.(?:entries|hidden|local)\b)/,
    name: (m) => `Account book of ${m[1]}`,
  },
  { path: /^\.entries\[(\d+)\]/, name: (m) => `entry ${ordinal(m[1])}` },
  { path: /^flows\[(\d+)\]/, name: (m) => `Flow ${ordinal(m[1])}` },
  { path: /^\.steps\[(\d+)\]/, name: (m) => `step ${ordinal(m[1])}` },
]

const ordinal = (index: string | undefined) => Number(index) + 1

/** "cardAccounts[0].transactions[2].transactionAmount.amount" → "Card account 1, transaction 3" and the field. */
export function placeInWords(path: string): { place: string; field: string } {
  const names: string[] = []
  let rest = path
  for (let matched = true; matched; ) {
    matched = false
    for (const { path: pattern, name } of places) {
      const match = pattern.exec(rest)
      if (match === null) continue
      const words = name(match)
      if (words !== '') names.push(words)
      rest = rest.slice(match[0].length)
      matched = true
    }
  }
  return { place: names.join(', '), field: rest.replace(/^\./, '') }
}

/** zod's "received undefined": the field is not in the file at all. */
const MISSING = /^Invalid input: expected [^,]+, received undefined$/

function fieldProblemInWords({ path, text }: TppMessage): string {
  if (path === undefined || path === '') return capitalised(text)
  const { place, field } = placeInWords(path)
  const problem = problemOfField(field, ruleAfterPath(path, text), place !== '')
  // A place's name starts the line capitalised; a wire name starting it stays as the file spells it.
  return place ? `${place}: ${problem}` : problem
}

/**
 * The contract's texts start with the full path: "<path>: rule" (a rule of its own) or "<path> must be…"
 * (a sentence about the field, kept whole with the field's name before it).
 */
function ruleAfterPath(path: string, text: string): { rule: string } | { sentence: string } {
  if (!text.startsWith(path)) return { rule: text }
  const rest = text.slice(path.length)
  return rest.startsWith(': ') ? { rule: rest.slice(2) } : { sentence: rest }
}

function problemOfField(field: string, said: { rule: string } | { sentence: string }, placed: boolean) {
  if ('sentence' in said) return `${field}${said.sentence}`
  if (MISSING.test(said.rule)) return placed ? `its ${field} is missing` : `The file has no ${field}`
  return [field, ruleInWords(said.rule)].filter(Boolean).join(': ')
}

/** zod's own phrasing, shortened where it only repeats what the line already says. */
function ruleInWords(rule: string): string {
  return rule
    .replace(/^Invalid input: /, '')
    .replace(/^Unrecognized key: /, 'unknown field ')
    .replace(/^Unrecognized keys: /, 'unknown fields ')
}

/** At most `max` problems shown; the rest counted, so a file with hundreds stays a short list. */
/** The last line of a refusal whose reader stopped listing problems, as importProblemsInWords writes it. */
export const MORE_PROBLEMS_LINE = capitalised(MORE_PROBLEMS_TEXT)

export function boundedProblems(lines: readonly string[], max = 5): { shown: string[]; more: number } {
  return { shown: lines.slice(0, max), more: Math.max(0, lines.length - max) }
}
