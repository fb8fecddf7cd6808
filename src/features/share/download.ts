import { localToday } from '../../contract'

/** Saves JSON through the browser's download, named for what it is and the day. */
export function downloadJson(value: unknown, name: string): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' }))
  const link = document.createElement('a')
  link.href = url
  link.download = `sandbox-console-${name}-${localToday()}.json`
  link.click()
  URL.revokeObjectURL(url)
}
