export { addDays } from './calendar'
export { type TestDataAccount, testDataFill } from './fixed-set'
export { type GenerateOptions, generateTransactions, MAX_SEED, mulberry32 } from './generate'
