import { z } from 'zod'
import {
  type accountStatuses,
  type CardAccountCreateInput,
  cardAccountCreate,
  type customerTypes,
  testCustomers,
} from '../../contract'

/** What the inputs hold: strings, with blanks for the optional fields. */
export interface AccountFormValues {
  maskedPan: string
  currency: string
  customerNumber: string
  customerType: (typeof customerTypes)[number]
  name: string
  product: string
  creditLimit: { currency: string; amount: string }
  status: (typeof accountStatuses)[number]
}

export const accountFormDefaults: AccountFormValues = {
  maskedPan: '',
  currency: 'NOK',
  customerNumber: testCustomers.private,
  customerType: 'private',
  name: '',
  product: '',
  creditLimit: { currency: '', amount: '' },
  status: 'enabled',
}

/** Blank optional inputs are left out of the body, exactly as a hand-written request would. */
export function accountBody(values: AccountFormValues): CardAccountCreateInput {
  const { creditLimit, name, product, ...required } = values
  const hasLimit = creditLimit.amount.trim() !== '' || creditLimit.currency.trim() !== ''
  return {
    ...required,
    ...(name.trim() === '' ? {} : { name }),
    ...(product.trim() === '' ? {} : { product }),
    ...(hasLimit ? { creditLimit } : {}),
  }
}

/** The contract's own schema decides; the form only maps its inputs to the body first. */
export const accountFormSchema = z.preprocess(accountBody, cardAccountCreate)

export const accountFieldNames = new Set<string>([
  'maskedPan',
  'currency',
  'customerNumber',
  'customerType',
  'name',
  'product',
  'creditLimit.currency',
  'creditLimit.amount',
  'status',
])
