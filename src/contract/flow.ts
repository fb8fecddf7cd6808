import { cardAccountCreateSchema } from './card-account'
import { isoDate } from './dates'
import { CONSOLE_FILE_FORMAT, CONSOLE_FILE_VERSION, consoleFileHead } from './snapshot'
import { tamperScenarios } from './tamper-scenarios'
import { transactionCreateSchema } from './transaction'
import { bookingStatuses } from './transactions-query'
import { z } from './zod'

const caption = z
  .string({ error: 'caption is required: what the audience should notice' })
  .check(
    z.trim(),
    z.minLength(1, 'caption must not be empty'),
    z.maxLength(280, 'caption may have at most 280 characters'),
  )

/**
 * The card account a step works on: left out, the account the flow created last (so a flow runs again on a
 * fresh sandbox); given, that account id, as it is.
 */
const accountRef = z.optional(z.string().check(z.trim(), z.minLength(1, 'account must not be empty')))

// A recorded step is kept data: read with the stored currency rule, so a flow recorded before the ISO rule
// still opens; the sandbox judges the step when it is sent (docs/decisions.md#currencies).
const createAccount = z.strictObject({
  action: z.literal('createAccount'),
  caption,
  body: cardAccountCreateSchema({ currencies: 'stored' }),
})

const addTransactions = z.strictObject({
  action: z.literal('addTransactions'),
  caption,
  account: accountRef,
  body: z
    .array(transactionCreateSchema({ currencies: 'stored' }))
    .check(z.minLength(1, 'body must hold at least one transaction')),
})

const readAccount = z.strictObject({
  action: z.literal('readAccount'),
  caption,
  account: accountRef,
})

const readTransactions = z.strictObject({
  action: z.literal('readTransactions'),
  caption,
  account: accountRef,
  bookingStatus: z.enum(bookingStatuses, { error: 'bookingStatus must be one of booked, pending, both' }),
  fromDate: z.optional(isoDate),
  toDate: z.optional(isoDate),
  /** Sends accept-fix: the amount swap. */
  fix: z.optional(z.boolean()),
  /** Spoils this one request's signature, as the header's Signature switch would. */
  tamper: z.optional(
    z.enum(tamperScenarios, { error: `tamper must be one of ${tamperScenarios.join(', ')}` }),
  ),
})

export const flowStep = z.discriminatedUnion(
  'action',
  [createAccount, addTransactions, readAccount, readTransactions],
  {
    error: 'action must be one of createAccount, addTransactions, readAccount, readTransactions',
  },
)
export type FlowStep = z.infer<typeof flowStep>
export type FlowAction = FlowStep['action']

/** The longest flow name a flows file holds (the recorder's name field stops there). */
export const FLOW_NAME_MAX = 80

export const flow = z.strictObject({
  name: z
    .string({ error: 'name is required' })
    .check(z.trim(), z.minLength(1, 'name must not be empty'), z.maxLength(FLOW_NAME_MAX)),
  steps: z.array(flowStep).check(z.minLength(1, 'a flow has at least one step')),
})
export type Flow = z.infer<typeof flow>

const flowsFileV3 = z.strictObject({
  format: z.literal(CONSOLE_FILE_FORMAT),
  version: z.literal(CONSOLE_FILE_VERSION),
  kind: z.literal('flows'),
  exportedAt: z.optional(z.string()),
  flows: z.array(flow).check(z.minLength(1, 'the file holds no flow')),
})

/** Flows exported to share: the console's one file format, of kind `flows`. */
export const flowsFile = z.pipe(
  z.transform(
    consoleFileHead(
      z.literal('flows', { error: 'kind must be "flows": only flow files can be imported here' }),
    ),
  ),
  flowsFileV3,
)
export type FlowsFile = z.infer<typeof flowsFile>

export function flowsFileOf(flows: readonly Flow[], exportedAt: string): FlowsFile {
  return {
    format: CONSOLE_FILE_FORMAT,
    version: CONSOLE_FILE_VERSION,
    kind: 'flows',
    exportedAt,
    flows: [...flows],
  }
}
