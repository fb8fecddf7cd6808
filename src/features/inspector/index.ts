// The feature's public entry: other features import only this (docs/decisions.md#feature-folders).
export { RequestBody } from './RequestBody'
export { Operation, Status } from './request-line'
export { showInInspector } from './shown-request'
