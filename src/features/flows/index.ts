// The feature's public entry: other features and the composition root import only this
// (docs/decisions.md#feature-folders).
import { lazyChunk } from '../../ui/lazy-chunk'

// Flows are for demonstrations: their runner, recorder and shipped flows load when the panel first opens.
export const FlowsPanel = lazyChunk(() => import('./FlowsPanel').then((m) => m.FlowsPanel))
// Whether a reload opens the panel again, and how to end its run when the panel cannot load: small, in the
// first chunk.
export { dropFlowRun, flowRunKept } from './kept-run'
