import { type ComponentType, createElement, type LazyExoticComponent, lazy, useState } from 'react'

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

/**
 * A lazily loaded component that renders at once when its chunk is already in. `React.lazy` suspends on its
 * first render even then, and React holds a boundary's content back until 300 ms after its fallback
 * showed: the transactions view's queries started that much later (docs/benchmarks.md). Each mount keeps
 * the component it started with, so a chunk arriving later never remounts what is on screen. `preload`
 * starts the fetch and settles when it ends, either way; a failure is the lazy component's to report when
 * it asks itself. `loaded` says whether the component is in.
 */
export function preloadedChunk<P extends object>(
  load: () => Promise<ComponentType<P>>,
): { Component: ComponentType<P>; preload: () => Promise<void>; loaded: () => boolean } {
  let loaded: ComponentType<P> | undefined
  let loading: Promise<ComponentType<P>> | undefined
  const once = () => {
    loading ??= load().then((component) => {
      loaded = component
      return component
    })
    return loading
  }
  const Lazy = lazyChunk(() => once())
  // biome-ignore lint/correctness/noComponentHookFactories: called once per chunk, at module level: one stable component type
  function Component(props: P) {
    const [Chosen] = useState<ComponentType<P>>(() => loaded ?? Lazy)
    return createElement(Chosen, props)
  }
  return {
    Component,
    preload: () =>
      once().then(
        () => {},
        () => {},
      ),
    loaded: () => loaded !== undefined,
  }
}
