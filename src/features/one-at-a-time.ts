import { useRef } from 'react'

/**
 * A runner that ignores every task handed to it while an earlier one still runs (those resolve to
 * undefined). A disabled button is not enough: a double click at machine speed lands before React has
 * re-rendered it.
 */
export function useOneAtATime(): <R>(task: () => Promise<R>) => Promise<R | undefined> {
  const running = useRef(false)
  return async (task) => {
    if (running.current) return undefined
    running.current = true
    try {
      return await task()
    } finally {
      running.current = false
    }
  }
}
