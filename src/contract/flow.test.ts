import { describe, expect, it } from 'vitest'
import { flowsFile, flowsFileOf } from './flow'
import { consoleFile } from './snapshot'

const readStep = { action: 'readTransactions', caption: 'Read booked', bookingStatus: 'booked' }
const file = (flows: unknown[], head: Record<string, unknown> = {}) => ({
  format: 'sandbox-console',
  version: 3,
  kind: 'flows',
  flows,
  ...head,
})
const messages = (input: unknown) => {
  const parsed = flowsFile.safeParse(input)
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
}

describe('the flows file', () => {
  it('reads back what it writes', () => {
    const flows = [
      {
        name: 'Signed and spoiled',
        steps: [
          {
            action: 'createAccount' as const,
            caption: 'Create',
            body: {
              maskedPan: '400000******1234',
              currency: 'EUR',
              customerNumber: '13039319955',
              customerType: 'private' as const,
              name: 'Demo',
              status: 'enabled' as const,
            },
          },
          {
            action: 'readTransactions' as const,
            caption: 'Spoiled',
            bookingStatus: 'both' as const,
            tamper: 'stale-date' as const,
          },
        ],
      },
    ]
    const written = JSON.parse(JSON.stringify(flowsFileOf(flows, '2026-11-23T10:00:00Z')))
    expect(flowsFile.parse(written).flows).toEqual(flows)
  })

  it('names the first thing wrong with the head, alone', () => {
    expect(messages(file([{ name: 'x', steps: [readStep] }], { format: 'postman' }))).toEqual([
      expect.stringContaining('format must be "sandbox-console"'),
    ])
    expect(messages(file([{ name: 'x', steps: [readStep] }], { version: 9 }))).toEqual([
      expect.stringContaining('a file from a newer console cannot be read here'),
    ])
    expect(messages(file([{ name: 'x', steps: [readStep] }], { kind: 'data' }))).toEqual([
      'kind: kind must be "flows": only flow files can be imported here',
    ])
  })

  it('refuses a step the console cannot run, and says where', () => {
    expect(messages(file([{ name: 'x', steps: [{ ...readStep, action: 'deleteEverything' }] }]))).toEqual([
      expect.stringMatching(/^flows\.0\.steps\.0\.action: action must be one of createAccount/),
    ])
    expect(messages(file([{ name: 'x', steps: [{ ...readStep, tamper: 'rot13' }] }]))).toEqual([
      expect.stringMatching(/^flows\.0\.steps\.0\.tamper: tamper must be one of bad-signature/),
    ])
    expect(messages(file([{ name: 'x', steps: [{ ...readStep, caption: ' ' }] }]))).toEqual([
      'flows.0.steps.0.caption: caption must not be empty',
    ])
    expect(messages(file([{ name: 'x', steps: [] }]))).toEqual([
      'flows.0.steps: a flow has at least one step',
    ])
  })

  it('checks a step body with the operation’s own rules', () => {
    const badBody = { action: 'addTransactions', caption: 'Add', body: [{ transactionDate: '2026-01-01' }] }
    expect(messages(file([{ name: 'x', steps: [badBody] }])).join('\n')).toContain('flows.0.steps.0.body.0')
  })

  it('opens steps recorded before the ISO currency rule (KRO, QQQ): the sandbox judges them when sent', () => {
    const account = { maskedPan: '525412******3241', currency: 'KRO', customerNumber: '13039319955' }
    const kroAmount = { currency: 'QQQ', amount: '-1.00' }
    const transaction = {
      transactionDate: '2026-01-01',
      bookingDate: '2026-01-01',
      transactionAmount: kroAmount,
      originalAmount: kroAmount,
      merchantCategoryCode: '5411',
    }
    const steps = [
      { action: 'createAccount', caption: 'Create', body: account },
      { action: 'addTransactions', caption: 'Add', body: [transaction] },
    ]
    expect(messages(file([{ name: 'Recorded before', steps }]))).toEqual([])
  })

  it('is a kind the data import refuses by name', () => {
    const parsed = consoleFile.safeParse(file([{ name: 'x', steps: [readStep] }]))
    expect(parsed.success).toBe(false)
    expect(parsed.error?.issues[0]?.message).toBe('kind must be "data" or "account-book"')
  })
})
