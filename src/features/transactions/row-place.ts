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
