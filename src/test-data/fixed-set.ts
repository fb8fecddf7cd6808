import {
  type CardAccountCreateInput,
  type IsoDate,
  type TransactionCreateInput,
  testCustomers,
} from '../contract'
import { addDays } from './calendar'

/** One card account of the fixed fill and the transactions to add to it, as request bodies. */
export interface TestDataAccount {
  account: CardAccountCreateInput
  transactions: TransactionCreateInput[]
}

/**
 * The sandbox's fixed test data (like the platform's fill endpoint: "a fixed set of test data"),
 * dated relative to `today` so it never contains a future date. The set covers what a tester wants to
 * see: both statuses, foreign currencies, a refund (positive amount), a 3-decimal currency, a markup fee,
 * and an amount sent as a JSON number.
 */
export function testDataFill(today: IsoDate): TestDataAccount[] {
  const day = (daysAgo: number) => addDays(today, -daysAgo)
  const nok = (amount: string | number) => ({ currency: 'NOK', amount })
  const eur = (amount: string) => ({ currency: 'EUR', amount })
  return [
    {
      account: {
        maskedPan: '525412******3241',
        currency: 'NOK',
        customerNumber: testCustomers.private,
        customerType: 'private',
        name: 'Kari Nordmann',
        product: 'Mastercard Gold',
        creditLimit: nok('50000.00'),
        status: 'enabled',
      },
      transactions: [
        booked(day(40), day(38), nok('-1249.00'), nok('-1249.00'), '5732', 'Elkjop Oslo City'),
        booked(day(21), day(20), nok('-389.50'), nok('-389.50'), '5411', 'Rema 1000 Grunerlokka'),
        {
          ...booked(day(14), day(12), nok('-2710.35'), { currency: 'EUR', amount: '-232.80' }, '7011'),
          transactionDetails: 'Hotel Adlon Berlin',
          markupFee: nok('-47.43'),
          cardAcceptorAddress: { townName: 'Berlin', country: 'DE' },
        },
        booked(day(9), day(8), nok('-1834.90'), { currency: 'USD', amount: '-171.25' }, '4511', 'SAS'),
        booked(day(7), day(5), nok('389.50'), nok('389.50'), '5411', 'Rema 1000 Grunerlokka refund'),
        booked(day(5), day(5), nok(-89), nok(-89), '5814', 'Deli de Luca'),
        booked(
          day(3),
          day(2),
          nok('-96.12'),
          { currency: 'KWD', amount: '-2.750' },
          '5812',
          'Kuwait airport cafe',
        ),
        booked(day(2), day(2), nok('-45.00'), nok('-45.00'), '4111', 'Ruter'),
        booked(
          day(2),
          day(2),
          nok('-612.00'),
          { currency: 'SEK', amount: '-598.00' },
          '5541',
          'Circle K Svinesund',
        ),
        pending(day(1), nok('-259.00'), nok('-259.00'), '5912', 'Apotek 1'),
        pending(day(0), nok('-1500.00'), { currency: 'JPY', amount: '-21000' }, '5999', 'Tokyu Hands Online'),
        pending(day(0), nok('-74.90'), nok('-74.90'), '5411', 'Kiwi Torshov'),
      ],
    },
    {
      account: {
        maskedPan: '492500******0017',
        currency: 'EUR',
        customerNumber: testCustomers.corporate,
        customerType: 'corporate',
        name: 'Nordlys Logistikk AS',
        product: 'Visa Business',
        creditLimit: eur('25000.00'),
        status: 'enabled',
      },
      transactions: [
        booked(day(30), day(29), eur('-4310.00'), eur('-4310.00'), '4214', 'DHL Freight'),
        booked(day(18), day(16), eur('-129.99'), { currency: 'GBP', amount: '-110.70' }, '5045', 'Dell UK'),
        booked(day(11), day(10), eur('-58.20'), eur('-58.20'), '5541', 'Shell Hamburg'),
        booked(day(6), day(4), eur('-0.125'), eur('-0.125'), '4814', 'Telenor M2M'),
        booked(
          day(4),
          day(4),
          eur('129.99'),
          { currency: 'GBP', amount: '110.70' },
          '5045',
          'Dell UK refund',
        ),
        pending(day(2), eur('-842.60'), { currency: 'DKK', amount: '-6285.00' }, '4112', 'DSB'),
        pending(day(1), eur('-23.40'), eur('-23.40'), '5812', 'Cafe Bar Oslo S'),
      ],
    },
  ]
}

type AmountBody = TransactionCreateInput['transactionAmount']

function booked(
  transactionDate: IsoDate,
  bookingDate: IsoDate,
  transactionAmount: AmountBody,
  originalAmount: AmountBody,
  merchantCategoryCode: string,
  transactionDetails?: string,
): TransactionCreateInput {
  return {
    bookingStatus: 'booked',
    transactionDate,
    bookingDate,
    transactionAmount,
    originalAmount,
    merchantCategoryCode,
    ...(transactionDetails === undefined ? {} : { transactionDetails }),
  }
}

function pending(
  transactionDate: IsoDate,
  transactionAmount: AmountBody,
  originalAmount: AmountBody,
  merchantCategoryCode: string,
  transactionDetails: string,
): TransactionCreateInput {
  return {
    bookingStatus: 'pending',
    transactionDate,
    transactionAmount,
    originalAmount,
    merchantCategoryCode,
    transactionDetails,
  }
}
