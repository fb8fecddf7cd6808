// The feature's public entry: other features import only this (docs/decisions.md#feature-folders).
export { count, downloadConsoleFile, storedText, useOfflineData } from './offline-data'
export { StoreRecoveryActions } from './StoreRecovery'
