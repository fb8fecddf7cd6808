// The feature's public entry: other features import only this (docs/decisions.md#feature-folders).
export { count, downloadConsoleFile, OfflineDataContext, storedText, useOfflineData } from './offline-data'
export { StoreRecoveryActions } from './StoreRecovery'
