// The calendar arithmetic is the contract's: the sandbox clock moves dates with it too.
export { addDays } from '../contract/dates'
