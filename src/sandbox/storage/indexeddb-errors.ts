import type { UnreadableRecord } from '../../contract'
import { StoreUnreadableError } from '../errors'

/** How many records the error's list names: enough to see the pattern, short enough to read. */
const LISTED_PROBLEMS = 20

export class BlockedError extends StoreUnreadableError {
  constructor() {
    super(
      'Another tab of the console, running a different version, holds the offline data open: reload or close that tab, then try again.',
    )
  }
}

/** The error of a read that met records it cannot parse: how many, and the first few with why. */
export function damaged(unreadable: readonly UnreadableRecord[]): StoreUnreadableError {
  const count = unreadable.length === 1 ? '1 stored record is' : `${unreadable.length} stored records are`
  return new StoreUnreadableError(
    `The offline data in this browser cannot be read: ${count} damaged (the first: ${recordText(unreadable[0])}).`,
    unreadable.slice(0, LISTED_PROBLEMS).map(recordText),
  )
}

function recordText(record: UnreadableRecord | undefined): string {
  if (!record) return ''
  const where = record.store === undefined ? '' : `${record.store} ${JSON.stringify(record.key)}: `
  return `${where}${record.problem}`
}

export function openFailure(name: string, error: unknown): StoreUnreadableError {
  if (error instanceof DOMException && error.name === 'VersionError') {
    return new StoreUnreadableError(
      `The offline data in this browser was written by a newer version of the console, which this one cannot read (database "${name}"). Reload to get the newer console, or reset to start over.`,
    )
  }
  return new StoreUnreadableError(`The offline database "${name}" could not be opened: ${errorText(error)}.`)
}

export function readFailure(error: unknown): StoreUnreadableError {
  return new StoreUnreadableError(`The offline data in this browser could not be read: ${errorText(error)}.`)
}

export const errorText = (error: unknown) =>
  (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).replace(/\.+$/, '')
