import type { FillTestData } from './fill'

/** Fill test data, said "Filling…" while it runs; `onFilled` gets the first account created. */
export function FillButton({
  fill,
  onFilled,
}: {
  fill: FillTestData
  onFilled: (first: string | undefined) => void
}) {
  return (
    <button type="button" disabled={fill.filling} onClick={async () => onFilled(await fill.fill())}>
      {fill.filling ? 'Filling…' : 'Fill test data'}
    </button>
  )
}
