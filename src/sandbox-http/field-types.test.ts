// A text field sent as another JSON type is answered "must be text", not "is required": the field is
// there, only its type is wrong (audit D18).
import { describe, expect, it } from 'vitest'
import { tppMessagesBody } from '../contract'
import { platformExamples } from '../test/platform/examples'
import { accountsPath, privateBody, sandboxForThisFile, txPath } from '../test/sandbox-calls'

const { call } = sandboxForThisFile()

/** Every path (as the error's `path` writes it) of a string value in `value`. */
function stringPaths(value: unknown, path = ''): string[] {
  if (typeof value === 'string') return [path]
  if (Array.isArray(value)) return value.flatMap((item, i) => stringPaths(item, `${path}[${i}]`))
  if (typeof value !== 'object' || value === null) return []
  return Object.entries(value).flatMap(([key, item]) =>
    stringPaths(item, path === '' ? key : `${path}.${key}`),
  )
}

/** `value` with the leaf at `path` replaced by `leaf`. */
function withLeaf(value: unknown, path: string, leaf: unknown): unknown {
  const keys = path.match(/[^.[\]]+/g) ?? []
  const copy = structuredClone(value) as Record<string, unknown>
  let at: Record<string, unknown> = copy
  for (const key of keys.slice(0, -1)) at = at[key] as Record<string, unknown>
  at[keys.at(-1) as string] = leaf
  return copy
}

/** The message naming `path` that says its value must be text (a date's says it after a colon). */
const typeMessage = (path: string) =>
  expect.objectContaining({
    code: 'FORMAT_ERROR',
    path,
    text: expect.stringMatching(new RegExp(`^${path.replace(/[.[\]]/g, '\\$&')}:? must be text`)),
  })

async function messagesFor(path: string, json: unknown) {
  const answer = await call('POST', path, { json })
  expect(answer.status).toBe(400)
  return tppMessagesBody.parse(await answer.json()).tppMessages
}

describe('a text field sent as a number', () => {
  it('customerNumber as a JSON number says it must be text', async () => {
    const [message] = await messagesFor(accountsPath, { ...privateBody, customerNumber: 13039319955 })
    expect(message).toMatchObject({ code: 'FORMAT_ERROR', path: 'customerNumber' })
    expect(message?.text).toMatch(/^customerNumber must be text/)
  })

  it('a missing customerNumber is still "required"', async () => {
    const { customerNumber: _, ...rest } = privateBody
    const [message] = await messagesFor(accountsPath, rest)
    expect(message?.text).toMatch(/^customerNumber is required/)
  })

  const account = JSON.parse(platformExamples.cardAccountCreate)
  it.each(stringPaths(account))('card account %s', async (field) => {
    const messages = await messagesFor(accountsPath, withLeaf(account, field, 42))
    expect(messages).toContainEqual(typeMessage(field))
  })

  // invoiced is true, false or text, so its message says so.
  const transaction = JSON.parse(platformExamples.cardTransactionsCreate)[0]
  it.each(stringPaths(transaction).filter((path) => path !== 'invoiced'))('transaction %s', async (field) => {
    const created = await call('POST', accountsPath, { json: privateBody })
    const { resourceId } = (await created.json()) as { resourceId: string }
    const messages = await messagesFor(txPath(resourceId), [withLeaf(transaction, field, 42)])
    expect(messages).toContainEqual(typeMessage(`[0].${field}`))
  })
})
