// The feature's public entry: other features and the composition root import only this
// (docs/decisions.md#feature-folders).
import { lazyChunk } from '../../ui/lazy-chunk'

export { ConsoleSecretPrompt } from './ConsoleSecretPrompt'

export const ConnectionDialog = lazyChunk(() => import('./ConnectionDialog').then((m) => m.ConnectionDialog))
