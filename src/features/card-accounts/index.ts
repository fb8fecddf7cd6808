// The feature's public entry: other features import only this (docs/decisions.md#feature-folders).
export { type AccountView, accountView, type KnownAccount } from './account-view'
export { useCorporateId } from './corporate-id'
export { accountLabel, accountNameAmong, accountSummary } from './format'
