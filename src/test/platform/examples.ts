// The platform's example request bodies (README.md beside this file), as the exact text to send.
import { readFileSync } from 'node:fs'

const read = (name: string) => readFileSync(new URL(`./${name}`, import.meta.url), 'utf8')

export const platformExamples = {
  /** POST /v1/sandbox/card-accounts */
  cardAccountCreate: read('card-account-create.json'),
  /** POST /v1/sandbox/card-accounts/{id}/transactions: a JSON array. */
  cardTransactionsCreate: read('card-transactions-create.json'),
}
