export { addDays } from './calendar'
export { type TestDataAccount, testDataFill } from './fixed-set'
export { type GenerateOptions, generateTransactions, mulberry32 } from './generate'
