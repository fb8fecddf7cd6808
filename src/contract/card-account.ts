import { z } from 'zod'
import { amountFromServer, amountInput, amountWire, currencyCode } from './amount'

export const customerTypes = ['private', 'corporate'] as const
export const accountStatuses = ['enabled', 'blocked', 'deleted'] as const

/** The platform's own test customers, offered by the form. */
export const testCustomers = { private: '13039319955', corporate: '18129215603' } as const

/** Berlin Group Max35Text; the accept-fix `longer-name` allows 70 (docs/decisions.md#name-length). */
export const NAME_MAX = 35
export const LONGER_NAME_MAX = 70

const maskedPan = z
  .string({ error: 'maskedPan is required, e.g. 525412******3241' })
  .regex(/^[0-9*]{12,19}$/, 'maskedPan must be 12 to 19 characters of digits and "*", e.g. 525412******3241')
  .refine(
    (pan) => pan.includes('*'),
    'maskedPan must mask the middle digits with "*": never send a full card number',
  )

const text35 = (field: string) =>
  z.string().trim().min(1, `${field} must not be empty`).max(35, `${field} may have at most 35 characters`)

/** Body of POST /v1/sandbox/card-accounts. `longerName` follows the accept-fix header. */
export function cardAccountCreateSchema({ longerName = false } = {}) {
  const nameMax = longerName ? LONGER_NAME_MAX : NAME_MAX
  return z.strictObject({
    maskedPan,
    currency: currencyCode,
    customerNumber: z
      .string({ error: 'customerNumber is required: the PSU id, 8 to 11 digits, e.g. 13039319955' })
      .regex(/^[0-9]{8,11}$/, 'customerNumber must be the PSU id: 8 to 11 digits, e.g. 13039319955'),
    customerType: z
      .enum(customerTypes, { error: 'customerType must be "private" or "corporate"' })
      .default('private'),
    name: z
      .string()
      .trim()
      .min(1, 'name must not be empty')
      .max(
        nameMax,
        longerName
          ? `name may have at most ${LONGER_NAME_MAX} characters`
          : `name may have at most ${NAME_MAX} characters (${LONGER_NAME_MAX} with accept-fix: longer-name)`,
      )
      .optional(),
    product: text35('product').optional(),
    creditLimit: amountInput.optional(),
    status: z
      .enum(accountStatuses, { error: 'status must be "enabled", "blocked" or "deleted"' })
      .default('enabled'),
  })
}

export const cardAccountCreate = cardAccountCreateSchema()
export type CardAccountCreateInput = z.input<typeof cardAccountCreate>
export type CardAccountCreate = z.output<typeof cardAccountCreate>

/** The mockCardAccountId: opaque, URL-safe. */
export const resourceId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1 to 64 URL-safe characters')

/** What the service stores and answers for one card account. */
export const cardAccount = z.strictObject({
  resourceId,
  maskedPan: z.string(),
  currency: currencyCode,
  customerNumber: z.string(),
  customerType: z.enum(customerTypes),
  name: z.string().optional(),
  product: z.string().optional(),
  creditLimit: amountWire.optional(),
  status: z.enum(accountStatuses),
})
export type CardAccount = z.infer<typeof cardAccount>

export const cardAccountList = z.object({ cardAccounts: z.array(cardAccount) })
export type CardAccountList = z.infer<typeof cardAccountList>

/** A client's reading of an account: tolerant of a real sandbox adding fields or int32 amounts. */
export const cardAccountFromServer = cardAccount.extend({ creditLimit: amountFromServer.optional() }).loose()
export const cardAccountListFromServer = z.object({ cardAccounts: z.array(cardAccountFromServer) })
