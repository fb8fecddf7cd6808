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
      <button
        type="button"
        disabled={fill.filling || !deletion.known}
        onClick={() => (deletion.writesStay ? setAsking(true) : void run())}
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
