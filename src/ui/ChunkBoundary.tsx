import { type ReactNode, Suspense } from 'react'
import { Dialog } from './Dialog'
import { ErrorBoundary } from './ErrorBoundary'
import { ChunkLoadError } from './lazy-chunk'

interface ChunkBoundaryProps {
  /** The lazily loaded dialog's title, e.g. "New card account". */
  title: string
  onClose: () => void
  children: ReactNode
}

interface ViewChunkBoundaryProps {
  /** What shows while the chunk loads, in the view's place. */
  loading: ReactNode
  children: ReactNode
}

/**
 * Around a dialog loaded with `lazyChunk`: while it loads nothing shows; if it cannot be loaded, a dialog
 * of the same title says so and offers a reload, and closing it leaves the rest of the console working.
 * Any other error is not this boundary's: it goes on to the app's.
 */
export function ChunkBoundary({ title, onClose, children }: ChunkBoundaryProps) {
  return (
    <ErrorBoundary
      fallback={(error) => {
        if (!(error instanceof ChunkLoadError)) throw error
        return <ChunkFailed title={title} onClose={onClose} />
      }}
    >
      <Suspense fallback={null}>{children}</Suspense>
    </ErrorBoundary>
  )
}

/**
 * Around a part of the page (not a dialog) loaded with `lazyChunk`: while it loads, `loading` holds its
 * place; if it cannot be loaded, an alert in its place offers a reload. Any other error goes on up.
 */
export function ViewChunkBoundary({ loading, children }: ViewChunkBoundaryProps) {
  return (
    <ErrorBoundary
      fallback={(error) => {
        if (!(error instanceof ChunkLoadError)) throw error
        return (
          <div className="form-alert" role="alert">
            <p>
              <strong>This part of the console could not be loaded.</strong> The console was probably updated
              since this page was opened, or the connection dropped. Reload the page to load the current
              version.
            </p>
            <button type="button" className="primary" onClick={() => location.reload()}>
              Reload
            </button>
          </div>
        )
      }}
    >
      <Suspense fallback={loading}>{children}</Suspense>
    </ErrorBoundary>
  )
}

function ChunkFailed({ title, onClose }: { title: string; onClose: () => void }) {
  return (
    <Dialog title={title} onClose={onClose}>
      <div className="form-alert" role="alert">
        <p>
          <strong>This dialog could not be loaded.</strong> The console was probably updated since this page
          was opened, or the connection dropped. Reload the page to load the current version; until then the
          rest of the console keeps working.
        </p>
      </div>
      <footer className="dialog-actions">
        <button type="button" onClick={onClose}>
          Close
        </button>
        <button type="button" className="primary" onClick={() => location.reload()}>
          Reload
        </button>
      </footer>
    </Dialog>
  )
}
