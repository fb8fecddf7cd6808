import { type ComponentType, type LazyExoticComponent, lazy } from 'react'

/**
 * A part of the build that could not be fetched: the server was rebuilt since the page loaded (its chunk
 * names changed) or the connection dropped. Only a reload can bring it.
 */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super(
      `could not load a part of the console (${cause instanceof Error ? cause.message : String(cause)})`,
      {
        cause,
      },
    )
    this.name = 'ChunkLoadError'
  }
}

/** `React.lazy` whose failure to load is a ChunkLoadError, so a ChunkBoundary can tell it from a render error. */
export function lazyChunk<P extends object>(
  load: () => Promise<ComponentType<P>>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => {
    try {
      return { default: await load() }
    } catch (error) {
      throw new ChunkLoadError(error)
    }
  })
}
