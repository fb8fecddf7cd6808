import { jsonFault, lineAndColumn } from './json-fault'

export type ImportText = { ok: true; data: unknown } | { ok: false; reason: string }

/**
 * The value of an imported file's text, or why it has none, in a sentence for the person who picked it:
 * a line and column they can find in an editor rather than the engine's "at position 200000".
 */
export function readImportText(text: string): ImportText {
  if (text.trim() === '') return { ok: false, reason: 'The file is empty.' }
  try {
    return { ok: true, data: JSON.parse(text) }
  } catch {
    return { ok: false, reason: notJsonReason(text) }
  }
}

export async function readImportFile(file: Blob): Promise<ImportText> {
  return readImportText(await file.text())
}

function notJsonReason(text: string): string {
  const fault = jsonFault(text)
  if (fault?.kind === 'cut-off') return 'The file looks cut off: it ends before the JSON is complete.'
  if (fault === undefined) return 'This is not a JSON file.'
  const { line, column } = lineAndColumn(text, fault.offset)
  return `This is not a JSON file (it could not be read as JSON at line ${line}, column ${column}).`
}
