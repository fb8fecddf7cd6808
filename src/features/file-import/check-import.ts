import { boundedSafeParse, problemFromZod } from '../../contract'
import type { z } from '../../contract/zod'
import { type ImportReader, importProblemsInWords } from './refusal-words'

export type CheckedImport<T> = { ok: true; data: T } | { ok: false; problems: string[] }

/**
 * An imported file's value checked against the schema of what it should be, or why not in words: at most
 * the first 100 problems, and never a throw (a file the checks themselves choke on is refused in words too).
 */
export function checkImport<T>(
  data: unknown,
  schema: z.ZodMiniType<T>,
  reader: ImportReader,
): CheckedImport<T> {
  try {
    const parsed = boundedSafeParse(schema, data)
    if (parsed.success) return { ok: true, data: parsed.data }
    return { ok: false, problems: importProblemsInWords(data, problemFromZod(parsed.error).messages, reader) }
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error)
    return { ok: false, problems: [`The file could not be checked (${why}).`] }
  }
}
