export { addDays } from './calendar'
export { type TestDataAccount, testDataFill } from './fixed-set'
export { type GenerateOptions, generateTransactions } from './generate'
export { MAX_SEED, mulberry32 } from './random'
