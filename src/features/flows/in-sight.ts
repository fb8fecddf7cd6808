/**
 * What a step changed, in sight once it is on screen: the main area's table with the step's answer, or
 * the refusal shown in its place. On a short screen (presenter mode at 800×600) the account's heading,
 * buttons, filters and chart fill the main area above the table, so the audience would see no amount
 * without this. Scrolls the least that shows it (its top first when it is taller than the area); where all
 * fits, nothing moves. Returns the way to stop waiting (the next step, or the panel closed).
 */
export function bringStepDataIntoView(): () => void {
  const main = document.querySelector('main')
  if (!main) return () => {}
  const show = () => {
    // A busy table still shows the rows from before the step: its height is not yet the answer's.
    const data = main.querySelector('table[aria-busy="false"], [role="alert"]')
    data?.scrollIntoView({ block: 'nearest' })
    return data !== null
  }
  if (show()) return () => {}
  const observer = new MutationObserver(() => {
    if (show()) observer.disconnect()
  })
  observer.observe(main, { childList: true, subtree: true, attributeFilter: ['aria-busy'] })
  return () => observer.disconnect()
}
