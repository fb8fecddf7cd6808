import { useEffect, useState } from 'react'

// Safari has no requestIdleCallback: there the next task stands in for the idle moment.
const onIdle = (task: () => void): (() => void) => {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task)
    return () => cancelIdleCallback(id)
  }
  const id = setTimeout(task)
  return () => clearTimeout(id)
}

/**
 * False until `ready` has been true through a painted frame and the browser then fell idle; true from then
 * on. For code that must not compete with what is on its way to the screen (the chart's bars behind the
 * table's first rows): a fetch started then begins after that paint, not in the same frame.
 */
export function useIdleAfter(ready: boolean): boolean {
  const [idle, setIdle] = useState(false)
  useEffect(() => {
    if (!ready || idle) return
    let cancelIdle = () => {}
    const frame = requestAnimationFrame(() => {
      cancelIdle = onIdle(() => setIdle(true))
    })
    return () => {
      cancelAnimationFrame(frame)
      cancelIdle()
    }
  }, [ready, idle])
  return idle
}
