// The Conditions feature's public entry (docs/decisions.md#feature-folders): other features and the
// composition root import it from here, never its files. Beyond this folder, because they run in the
// service worker and the Node server too: the schema (src/contract/conditions.ts), the rules that decide
// (src/sandbox/conditions.ts), and where they are applied (src/sandbox-http/conditions.ts,
// server/conditions.ts).
import { lazyChunk } from '../../ui/lazy-chunk'

export { useConditions, useSaveConditions } from './conditions-hooks'
export {
  type ConditionsView,
  offlineQuotaStore,
  readOfflineConditions,
  requestConditionOf,
  writeOfflineConditions,
} from './conditions-source'

// Opened on demand, not needed to paint the console: loads when first opened.
export const ConditionsDialog = lazyChunk(() => import('./ConditionsDialog').then((m) => m.ConditionsDialog))
