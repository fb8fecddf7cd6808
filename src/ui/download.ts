import { CONSOLE_FILE_FORMAT, localToday } from '../contract'
import { CONSOLE_VERSION } from './console-version'

/** What a console file says wrote it: support reads it to tell which console a partner used. */
export const CREATED_BY = `Sandbox Console ${CONSOLE_VERSION}`

/**
 * Saves JSON through the browser's download, named for what it is and the day (`.har` for a HAR file). A
 * console file (format "sandbox-console") names the console that wrote it after its head, as a HAR's
 * `creator` and a Postman collection's description do.
 */
export function downloadJson(value: unknown, name: string, extension: 'json' | 'har' = 'json'): void {
  const url = URL.createObjectURL(
    new Blob([JSON.stringify(withCreator(value), null, 2)], { type: 'application/json' }),
  )
  const link = document.createElement('a')
  link.href = url
  link.download = `${['sandbox-console', name, localToday()].filter((part) => part !== '').join('-')}.${extension}`
  link.click()
  URL.revokeObjectURL(url)
}

function withCreator(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || !('format' in value)) return value
  if (value.format !== CONSOLE_FILE_FORMAT) return value
  // The head first, as every console file starts; then the rest in its own order.
  const file: Record<string, unknown> = { ...value }
  return { format: file.format, version: file.version, kind: file.kind, createdBy: CREATED_BY, ...file }
}
