// The feature's public entry: other features import only this (docs/decisions.md#feature-folders).
// The probe itself runs in the proxy (server/probe/); this folder is its console side.

export { lastCheckOf, learnedProfiles } from './last-check'
export { ProbeSection } from './ProbeSection'
export { useProbeRun } from './probe-run'
