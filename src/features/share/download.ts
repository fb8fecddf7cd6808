import { localToday } from '../../contract'

/** Saves JSON through the browser's download, named for what it is and the day (`.har` for a HAR file). */
export function downloadJson(value: unknown, name: string, extension: 'json' | 'har' = 'json'): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' }))
  const link = document.createElement('a')
  link.href = url
  link.download = `sandbox-console-${name}-${localToday()}.${extension}`
  link.click()
  URL.revokeObjectURL(url)
}
