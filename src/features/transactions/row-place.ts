// Apart from the table, so that the Delete question, loaded on use, takes it without the table's module.

const detailsButtons = () => [...document.querySelectorAll<HTMLElement>('table.transactions [data-row]')]

/**
 * A row's place in the table, for the focus once the row is gone (its transaction deleted): the details
 * button of the row that takes it, or of the last row.
 */
export function rowPlace(key: string): () => HTMLElement | undefined {
  const index = detailsButtons().findIndex((button) => button.dataset.row === key)
  return () => {
    const now = detailsButtons()
    return index < 0 ? undefined : now[Math.min(index, now.length - 1)]
  }
}

/**
 * Resolves once the table no longer shows the row, or after `boundMs`: the answer to the delete is in
 * before React has drawn the table without the row, and the question should close onto that table, or
 * the place it gives the focus to could be the row about to go.
 */
export function rowGone(key: string, boundMs = 2000): Promise<void> {
  const gone = () => !detailsButtons().some((button) => button.dataset.row === key)
  return new Promise((resolve) => {
    if (gone()) return resolve()
    const done = () => {
      observer.disconnect()
      clearTimeout(bound)
      resolve()
    }
    const observer = new MutationObserver(() => {
      if (gone()) done()
    })
    const bound = setTimeout(done, boundMs)
    observer.observe(document.body, { childList: true, subtree: true })
  })
}
