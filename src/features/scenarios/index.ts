// The feature's public entry: other features import only this (docs/decisions.md#feature-folders).
import { lazyChunk } from '../../ui/lazy-chunk'

// Each opened from a button now and then: its code loads when it opens, not with the console (initial JS
// budget). Copy to offline is offered in proxy mode only.
export const CopyToOfflineDialog = lazyChunk(() =>
  import('./CopyToOfflineDialog').then((module) => module.CopyToOfflineDialog),
)
export const ScenariosDialog = lazyChunk(() =>
  import('./ScenariosDialog').then((module) => module.ScenariosDialog),
)
