// The feature's public entry: other features import only this (docs/decisions.md#feature-folders).

export { downloadJson } from '../../ui/download'
export { toHar } from './har'
export { REDACTED } from './redact'
