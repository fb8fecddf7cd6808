import { addDays, type IsoDate, testCustomers } from '../../contract'
import type { Flow } from '../../contract/flow'
import { consoleTime } from '../../ui/dates'

/**
 * The flows the console ships, dated from `today` (the sandbox refuses future dates, and a demonstration
 * reads best with recent ones). The accounts they create are named by the time of the run, `runAt`: every
 * run makes another account with the same masked PAN, which the account list tells apart by its name.
 */
export function shippedFlows(today: IsoDate, runAt: Date): Flow[] {
  const time = consoleTime(runAt)
  const day = (daysAgo: number) => addDays(today, -daysAgo)
  const eur = (amount: string) => ({ currency: 'EUR', amount })
  const usd = (amount: string) => ({ currency: 'USD', amount })
  const account = {
    maskedPan: '400000******1234',
    currency: 'EUR',
    customerNumber: testCustomers.private,
    customerType: 'private',
    name: `Demo Card ${time}`,
    product: 'Visa Classic',
    status: 'enabled',
  } as const
  return [
    {
      name: 'A first card account',
      steps: [
        {
          action: 'createAccount',
          caption: 'Create a mock card account: a masked PAN, a currency and the customer it belongs to.',
          body: account,
        },
        {
          action: 'addTransactions',
          caption: 'Add three transactions in one request: two booked, one still pending.',
          body: [
            booked(day(6), day(5), eur('-42.50'), eur('-42.50'), '5411', 'Grocery'),
            booked(day(3), day(2), eur('-18.20'), usd('-19.90'), '5812', 'Cafe in New York'),
            {
              bookingStatus: 'pending',
              transactionDate: day(1),
              transactionAmount: eur('-7.00'),
              originalAmount: eur('-7.00'),
              merchantCategoryCode: '5814',
            },
          ],
        },
        {
          action: 'readTransactions',
          caption: 'Read the booked transactions, as a bank app would.',
          bookingStatus: 'booked',
        },
        {
          action: 'readTransactions',
          caption: 'Read them again with accept-fix: the transaction and original amounts swap places.',
          bookingStatus: 'booked',
          fix: true,
        },
        {
          // A flow leaves the console as a tester expects it: the swap is a console-wide switch.
          action: 'readTransactions',
          caption: 'And without accept-fix once more: the amounts as they are stored, the switch off again.',
          bookingStatus: 'booked',
        },
      ],
    },
    {
      name: 'Why did my signature fail?',
      steps: [
        {
          action: 'createAccount',
          caption: 'A card account to read: every request to it is signed with the TPP certificate.',
          body: { ...account, maskedPan: '400000******5678', name: `Signature Demo ${time}` },
        },
        {
          action: 'readTransactions',
          caption: 'A correctly signed read: 200, and the inspector shows the signing string it verified.',
          bookingStatus: 'both',
        },
        {
          action: 'readTransactions',
          caption: 'The same read with the signature spoiled: 401, the signature does not verify.',
          bookingStatus: 'both',
          tamper: 'bad-signature',
        },
        {
          action: 'readTransactions',
          caption: 'No Digest header on the request: 401, a required header was not signed.',
          bookingStatus: 'both',
          tamper: 'missing-digest',
        },
        {
          action: 'readTransactions',
          caption: 'A Date ten minutes old: 401, the request is too old to trust.',
          bookingStatus: 'both',
          tamper: 'stale-date',
        },
        {
          action: 'readTransactions',
          caption: 'Signed correctly again: 200. Compare the requests in the inspector.',
          bookingStatus: 'both',
        },
      ],
    },
  ]
}

function booked(
  transactionDate: IsoDate,
  bookingDate: IsoDate,
  transactionAmount: { currency: string; amount: string },
  originalAmount: { currency: string; amount: string },
  merchantCategoryCode: string,
  transactionDetails: string,
) {
  return {
    bookingStatus: 'booked',
    transactionDate,
    bookingDate,
    transactionAmount,
    originalAmount,
    merchantCategoryCode,
    transactionDetails,
  } as const
}
