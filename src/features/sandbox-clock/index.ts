// The feature's public entry: other features and the composition root import only this
// (docs/decisions.md#feature-folders).
import { lazyChunk } from '../../ui/lazy-chunk'

export { ClockBadge } from './ClockBadge'

export const ClockDialog = lazyChunk(() => import('./ClockDialog').then((m) => m.ClockDialog))
