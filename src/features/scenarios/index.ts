// The feature's public entry: other features import only this (docs/decisions.md#feature-folders).
import { lazyChunk } from '../../ui/lazy-chunk'

export { CopyToOfflineDialog } from './CopyToOfflineDialog'

// Opened from the sidebar now and then: its code loads when it opens, not with the console (initial JS budget).
export const ScenariosDialog = lazyChunk(() =>
  import('./ScenariosDialog').then((module) => module.ScenariosDialog),
)
