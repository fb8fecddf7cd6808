export { type DiagnoseOptions, type Diagnosis, diagnoseRequest, type SuspectRequest } from './diagnose'
export type { BodySource } from './digest'
export type { Detail, Finding, FindingId, Verdict } from './finding'
export type { HeaderList } from './wire'
