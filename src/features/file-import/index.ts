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
