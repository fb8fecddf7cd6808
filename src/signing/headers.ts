/** Header maps as callers hold them: plain records whose names may come in any case. */
export type HeaderRecord = Record<string, string>

/** Every value stored under `name`, whatever the case of the key. */
export function headerValues(headers: HeaderRecord, name: string): string[] {
  const lower = name.toLowerCase()
  return Object.entries(headers)
    .filter(([key]) => key.toLowerCase() === lower)
    .map(([, value]) => value)
}

/**
 * The keys of the first header given more than once (`Date` and `date`). Merging them would sign
 * something other than what a server sees, so callers refuse such maps.
 */
export function duplicateHeaderKeys(headers: HeaderRecord): string[] | undefined {
  const keys = Object.keys(headers)
  for (const key of keys) {
    const same = keys.filter((other) => other.toLowerCase() === key.toLowerCase())
    if (same.length > 1) return same
  }
  return undefined
}
