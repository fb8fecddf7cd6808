import { serialize } from '../serialize'

export type WriteLock = <T>(task: () => Promise<T>) => Promise<T>

const inProcess = new Map<string, WriteLock>()

/**
 * Runs a task as the only writer of the store `name`: across every tab of the origin with the Web Locks
 * API, else (Node, tests, a browser without it) across the stores of this JavaScript realm only.
 */
export function writeLock(
  name: string,
  locks: LockManager | undefined = globalThis.navigator?.locks,
): WriteLock {
  if (locks) return (task) => locks.request(name, { mode: 'exclusive' }, () => task())
  let lock = inProcess.get(name)
  if (!lock) {
    lock = serialize()
    inProcess.set(name, lock)
  }
  return lock
}
