import {
  type CardAccountCreateInput,
  type IsoDate,
  newScenarioFile,
  psd2QuotaRule,
  type ScenarioFile,
  type TransactionCreateInput,
  testCustomers,
} from '../contract'
import { createMemoryStore, createSandbox } from '../sandbox'
import { addDays, generateTransactions } from '../test-data'

/** A scenario the console ships: built on demand from the seeded generators, relative to today. */
export interface ShippedScenario {
  name: string
  description: string
  accounts: number
  transactions: number
  build(today: IsoDate): Promise<ScenarioFile>
}

interface Recipe {
  /** Fixed, so a link to the account survives loading the scenario again. */
  accountId: string
  account: CardAccountCreateInput
  transactions: (today: IsoDate) => TransactionCreateInput[]
}

/** Runs the recipe through an engine in memory, so the file holds exactly what the sandbox would store. */
async function accountData(recipe: Recipe, today: IsoDate): Promise<ScenarioFile['cardAccounts']> {
  const sandbox = createSandbox({
    store: createMemoryStore(),
    today: () => today,
    newId: () => recipe.accountId,
  })
  const created = await sandbox.createCardAccount(recipe.account, { fixes: new Set() })
  if (!created.ok) throw new Error(`shipped scenario account refused: ${created.problem.messages[0]?.text}`)
  const transactions = recipe.transactions(today)
  if (transactions.length > 0) {
    const added = await sandbox.addTransactions(recipe.accountId, transactions)
    if (!added.ok)
      throw new Error(`shipped scenario transactions refused: ${added.problem.messages[0]?.text}`)
  }
  return (await sandbox.exportSnapshot()).cardAccounts
}

const privateAccount: CardAccountCreateInput = {
  maskedPan: '525412******7781',
  currency: 'NOK',
  customerNumber: testCustomers.private,
  customerType: 'private',
  name: 'Ola Nordmann',
  product: 'Mastercard Standard',
  creditLimit: { currency: 'NOK', amount: '20000.00' },
  status: 'enabled',
}

const EMPTY_ID = '5ce0a710-0000-4000-8000-000000000001'
const CORPORATE_ID = '5ce0a710-0000-4000-8000-000000000002'
const QUOTA_ID = '5ce0a710-0000-4000-8000-000000000003'
/** The rule whose edge the quota scenario's account is at: the PSD2 four reads a day. */
const QUOTA_RULE_ID = 'psd2-4-a-day'
/** Pending transactions settle after this many days; the scenario's are one day short of it. */
const SETTLE_AFTER_DAYS = 3

const quotaEdgeTransactions = (today: IsoDate): TransactionCreateInput[] => {
  const nok = (amount: string) => ({ currency: 'NOK', amount })
  const row = (daysAgo: number, amount: string, mcc: string, details: string, pending: boolean) => ({
    bookingStatus: pending ? ('pending' as const) : ('booked' as const),
    transactionDate: addDays(today, -daysAgo),
    ...(pending ? {} : { bookingDate: addDays(today, -daysAgo + 1) }),
    transactionAmount: nok(amount),
    originalAmount: nok(amount),
    merchantCategoryCode: mcc,
    transactionDetails: details,
  })
  return [
    row(20, '-899.00', '5732', 'Elkjop Storo', false),
    row(9, '-312.40', '5411', 'Kiwi Majorstuen', false),
    row(5, '-145.00', '5812', 'Restaurant Schrøder', false),
    row(SETTLE_AFTER_DAYS - 1, '-249.90', '5411', 'Rema 1000 Torshov', true),
    row(SETTLE_AFTER_DAYS - 1, '-79.00', '4111', 'Ruter billett', true),
    row(SETTLE_AFTER_DAYS - 1, '-1299.00', '5999', 'Komplett.no', true),
  ]
}

export const shippedScenarios: readonly ShippedScenario[] = [
  {
    name: 'Empty private customer',
    description: 'One private card account with no transactions.',
    accounts: 1,
    transactions: 0,
    build: async (today) =>
      newScenarioFile(
        'Empty private customer',
        await accountData({ accountId: EMPTY_ID, account: privateAccount, transactions: () => [] }, today),
      ),
  },
  {
    name: 'Corporate customer, two years',
    description: 'A corporate card account with 1,000 transactions over the last two years.',
    accounts: 1,
    transactions: 1000,
    build: async (today) =>
      newScenarioFile(
        'Corporate customer, two years',
        await accountData(
          {
            accountId: CORPORATE_ID,
            account: {
              maskedPan: '492500******4410',
              currency: 'EUR',
              customerNumber: testCustomers.corporate,
              customerType: 'corporate',
              name: 'Nordlys Logistikk AS',
              product: 'Visa Business',
              creditLimit: { currency: 'EUR', amount: '50000.00' },
              status: 'enabled',
            },
            transactions: (day) =>
              generateTransactions({ count: 1000, days: 730, seed: 2024, today: day, currency: 'EUR' }),
          },
          today,
        ),
      ),
  },
  {
    name: 'Private customer at the quota edge',
    description: `Loaded, the account shows with three of today's four reads used (PSD2 4-a-day quota): your next read is the last one, the one after it is refused. Three pending transactions settle when the clock moves a day.`,
    accounts: 1,
    transactions: 6,
    async build(today) {
      const cardAccounts = await accountData(
        { accountId: QUOTA_ID, account: privateAccount, transactions: quotaEdgeTransactions },
        today,
      )
      const rule = psd2QuotaRule(QUOTA_RULE_ID, 'listTransactions')
      return {
        ...newScenarioFile('Private customer at the quota edge', cardAccounts),
        clock: { setting: { kind: 'follows', offsetDays: 0 }, settlePendingAfterDays: SETTLE_AFTER_DAYS },
        conditions: { rules: [rule] },
        quotaReads: {
          day: today,
          // Two, not three: showing the account after the load is the third read (every read counts,
          // docs/decisions.md#conditions), so the tester's first one is the day's last.
          reads: { [`listTransactions ${QUOTA_ID}`]: rule.kind === 'quota' ? rule.readsPerDay - 2 : 0 },
        },
      }
    },
  },
]
