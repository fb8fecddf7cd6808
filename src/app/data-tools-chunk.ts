import { useEffect, useState } from 'react'
import { preloadedChunk } from '../ui/lazy-chunk'

// The sidebar's Data tools (export, import, reset, scenarios, with the import's refusal words) are not needed
// to show an account: they load once the main area has its first answer, as the chart's bars do.
const dataTools = preloadedChunk(() => import('../features/data-tools/DataTools').then((m) => m.DataTools))
export const DataTools = dataTools.Component

/**
 * When the Data tools show, and whether the empty sandbox's state shows yet. One column puts the list and
 * its Data tools above the main area: an empty state painted first would move down as they came in, under
 * the pointer (a click meant for Fill test data opened Import JSON…). There the empty state waits for their
 * chunk, come or failed (its boundary then says so), and both show in one frame.
 */
export function useDataToolsBesideEmptyState(
  dueAfterFirstAnswer: boolean,
  { emptySandbox, oneColumn }: { emptySandbox: boolean; oneColumn: boolean },
): { dataToolsDue: boolean; emptyStateShown: boolean } {
  const toolsFirst = emptySandbox && oneColumn
  const [settled, setSettled] = useState(dataTools.loaded)
  useEffect(() => {
    if (!toolsFirst || settled) return
    let current = true
    void dataTools.preload().then(() => {
      if (current) setSettled(true)
    })
    return () => {
      current = false
    }
  }, [toolsFirst, settled])
  const held = toolsFirst && !settled
  return {
    dataToolsDue: !held && (dueAfterFirstAnswer || toolsFirst),
    emptyStateShown: emptySandbox && !held,
  }
}
