// The feature's public entry: other features import only this (docs/decisions.md#feature-folders).
export { checkImport } from './check-import'
export { ImportRefusal } from './ImportRefusal'
export { readImportFile } from './read-import-file'
export {
  dataImport,
  flowsImport,
  importProblemsInWords,
  profileImport,
  scenarioImport,
} from './refusal-words'

/**
 * The reader and checker (with the JSON fault finder) for a screen on the page from the start, the
 * sidebar's Data tools: they load when a file is chosen, not with the page. Screens loaded on demand
 * import the names above.
 */
export const importTools = () => import('./import-tools')
