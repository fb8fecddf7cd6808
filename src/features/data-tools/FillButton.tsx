import { useState } from 'react'
import { ChunkBoundary } from '../../ui/ChunkBoundary'
import { lazyChunk } from '../../ui/lazy-chunk'
import { useDeletion } from '../use-deletion'
import type { FillTestData } from './fill'

// Asked only where nothing written can be deleted: its words load then, not with the first screen.
const PermanentFillQuestion = lazyChunk(() =>
  import('./PermanentFillQuestion').then((m) => m.PermanentFillQuestion),
)

/**
 * Fill test data, said "Filling…" while it runs; `onFilled` gets the first account created. Where nothing
 * undoes a write (by proxy, a bank or a sandbox shaped like one), it asks first: what it writes stays
 * there, and a second fill makes a second set the book cannot tell from the first but by its ids.
 */
export function FillButton({
  fill,
  onFilled,
}: {
  fill: FillTestData
  onFilled: (first: string | undefined) => void
}) {
  const deletion = useDeletion()
  const [asking, setAsking] = useState(false)
  const run = async () => onFilled(await fill.fill())
  return (
    <>
      {/* Not disabled while it fills (a second press is refused by `fill` itself): a disabled button drops the
          focus to the page's start, and a keyboard tester's next Tab went on from the Requests summary. */}
      <button
        type="button"
        disabled={!deletion.known}
        aria-disabled={fill.filling || undefined}
        onClick={() => {
          if (fill.filling) return
          if (deletion.writesStay) setAsking(true)
          else void run()
        }}
      >
        {fill.filling ? 'Filling…' : 'Fill test data'}
      </button>
      {asking ? (
        <ChunkBoundary title="Fill test data" onClose={() => setAsking(false)}>
          <PermanentFillQuestion
            onClose={() => setAsking(false)}
            onFill={async () => {
              setAsking(false)
              await run()
            }}
          />
        </ChunkBoundary>
      ) : null}
    </>
  )
}
