// The feature's public entry: other features and the composition root import only this
// (docs/decisions.md#feature-folders).
import { lazyChunk } from '../../ui/lazy-chunk'

// Proxy mode's alone: offline never fetches it.
export const ConsoleSecretPrompt = lazyChunk(() =>
  import('./ConsoleSecretPrompt').then((m) => m.ConsoleSecretPrompt),
)

export const ConnectionDialog = lazyChunk(() => import('./ConnectionDialog').then((m) => m.ConnectionDialog))
