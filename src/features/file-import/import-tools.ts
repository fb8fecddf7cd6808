// The reading and checking of a chosen file, for a screen on the page from the start (see index.ts).
export { checkImport } from './check-import'
export { readImportFile } from './read-import-file'
