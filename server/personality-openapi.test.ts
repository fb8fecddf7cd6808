// Every personality's server says in its /openapi.json what it writes: each answer it gives (successes and
// errors) validates against the document that same server serves, under its base path.
import { Validator } from '@seriousme/openapi-schema-validator'
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import { afterAll, describe, expect, it } from 'vitest'
import { isoDate, localToday, type PersonalityName, personalityNames, SANDBOX_PREFIX } from '../src/contract'
import { type Personality, personalities, routesOf } from '../src/sandbox-http/personality'
import { platformExamples } from '../src/test/platform/examples'
import { privateBody, txBody } from '../src/test/sandbox-calls'
import { createSandboxService } from './sandbox-service'
import { type Answer, close, json, listen, send } from './test-support/http'

type JsonObject = Record<string, unknown>
interface Document {
  paths: Record<string, Record<string, { responses: Record<string, JsonObject> }>>
  components: { responses: Record<string, JsonObject> } & JsonObject
}

const DOCUMENT_ID = 'https://sandbox.example.test/openapi.json'
// One for every personality's document: it compiles the OpenAPI schema once, at its first document.
const documentValidator = new Validator()
const closing: Array<() => Promise<void>> = []
afterAll(() => Promise.all(closing.map((close) => close())))

async function serve(personality: Personality) {
  const server = createSandboxService({ personality, signatures: { kind: 'off' }, maxBodyBytes: 1024 * 1024 })
  const port = await listen(server)
  closing.push(() => close(server))
  return port
}

/** The schema the document gives an answer of `method path` with `status` and its place there, or why there is none. */
function answerSchema(document: Document, template: string, method: string, status: number) {
  const responses = document.paths[template]?.[method.toLowerCase()]?.responses
  let response = responses?.[String(status)]
  if (response === undefined) return { missing: `${method} ${template} documents no ${status}` }
  let place = ['paths', template, method.toLowerCase(), 'responses', String(status)]
  const ref = response.$ref as string | undefined
  if (ref !== undefined) {
    const name = ref.split('/').pop() ?? ''
    response = document.components.responses[name] ?? {}
    place = ['components', 'responses', name]
  }
  const content = response.content as Record<string, { schema: JsonObject }> | undefined
  return {
    schema: content?.['application/json']?.schema,
    pointer: jsonPointer([...place, 'content', 'application/json', 'schema']),
  }
}

/** A URI fragment naming a place in a JSON document (RFC 6901, section 6). */
function jsonPointer(keys: string[]): string {
  return `#/${keys.map((key) => encodeURIComponent(key.replaceAll('~', '~0').replaceAll('/', '~1'))).join('/')}`
}

describe.each(personalityNames)('the %s personality', (name: PersonalityName) => {
  const personality = personalities[name]
  const base = personality.basePath
  let port = 0
  let document: Document
  const matchRoute = routesOf(personality)
  const checked: string[] = []
  // One Ajv holding the served document: the components the answers' schemas share are compiled once
  // (compiling each answer's schema with all of them took most of this file's CPU time), and Ajv keeps
  // each answer's validator by its place in the document.
  let ajv: Ajv2020 | undefined
  function validatorOf(pointer: string): ValidateFunction {
    if (ajv === undefined) {
      // The document's formats, checked as the contract checks them (a calendar day; a parsable instant).
      const formats = {
        date: (value: string) => isoDate.safeParse(value).success,
        'date-time': (value: string) => !Number.isNaN(Date.parse(value)),
      }
      ajv = new Ajv2020({ strict: false, allErrors: true, formats })
      ajv.addSchema(document, DOCUMENT_ID)
    }
    const validate = ajv.getSchema(`${DOCUMENT_ID}${pointer}`)
    if (validate === undefined) throw new Error(`the served document has no schema at ${pointer}`)
    return validate
  }

  /** Sends a request and checks its answer against the served document. */
  async function call(method: string, path: string, body?: unknown): Promise<Answer> {
    const text = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body)
    const answer = await send(port, `${base}${path}`, {
      method,
      headers: {
        'x-request-id': crypto.randomUUID(),
        ...(text === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(text === undefined ? {} : { body: text }),
    })
    const route = matchRoute(method, path.split('?')[0] ?? '')
    if (route.kind !== 'operation') return answer
    expectAsDocumented(
      `${method} ${path}`,
      answerSchema(document, route.operation.path, method, answer.status),
      answer,
    )
    checked.push(`${route.operation.name} ${answer.status}`)
    return answer
  }

  /** The answer to `request` has the body the document promises for its status: none, or JSON of its schema. */
  function expectAsDocumented(request: string, found: ReturnType<typeof answerSchema>, answer: Answer) {
    expect(found.missing, answer.text).toBeUndefined()
    if (found.schema === undefined) {
      expect(answer.text, `${request} ${answer.status} promises no body`).toBe('')
      return
    }
    expect(answer.text, `${request} ${answer.status} promises JSON`).not.toBe('')
    const validate = validatorOf(found.pointer)
    const valid = validate(json(answer))
    expect(validate.errors ?? [], `${request} ${answer.status}: ${answer.text}`).toEqual([])
    expect(valid).toBe(true)
  }

  it('serves its document under its base path, and nothing outside it', async () => {
    port = await serve(personality)
    const served = await send(port, `${base}/openapi.json`)
    expect(served.status).toBe(200)
    document = json(served) as Document
    const result = await documentValidator.validate(JSON.parse(served.text))
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
    if (base !== '') expect((await send(port, '/openapi.json')).status).toBe(404)
  })

  it('answers every operation it offers as its document says, successes and errors', async () => {
    const accounts = `${SANDBOX_PREFIX}/card-accounts`
    await call('GET', accounts)
    const created = await call('POST', accounts, platformExamples.cardAccountCreate)
    await call('POST', accounts, { ...privateBody, currency: 'nope!' })
    const plain = await send(port, `${base}${accounts}`, {
      method: 'POST',
      headers: { 'x-request-id': crypto.randomUUID(), 'content-type': 'text/plain' },
      body: '{}',
    })
    expect(plain.status).toBe(415)
    expect(answerSchema(document, accounts, 'POST', 415).missing).toBeUndefined()
    const id = created.headers.location?.split('/').pop() ?? ''
    expect(id).not.toBe('')
    await call('POST', accounts, privateBody)
    await call('GET', `${accounts}/${id}`)
    await call('GET', `${accounts}/unknown-id`)
    const today = localToday()
    const transactions = `${accounts}/${id}/transactions`
    await call('POST', transactions, platformExamples.cardTransactionsCreate)
    await call('POST', transactions, [
      txBody({ cardTransactionId: 'b-1' }),
      txBody({ cardTransactionId: 'p-1', bookingDate: undefined, bookingStatus: 'pending' }),
      txBody({ cardTransactionId: 'p-2', bookingDate: undefined, bookingStatus: 'pending' }),
    ])
    await call('POST', transactions, [txBody({ bookingDate: '1999-01-01' })])
    await call('POST', `${accounts}/unknown-id/transactions`, [txBody()])
    for (const status of ['booked', 'pending', 'both']) {
      await call('GET', `${transactions}?bookingStatus=${status}&limit=1&offset=1`)
    }
    await call('GET', `${transactions}?bookingStatus=sometimes`)
    await call('GET', `${transactions}?bookingStatus=both&fromDate=${today}&toDate=2000-01-01`)
    await call('GET', `${accounts}/unknown-id/transactions?bookingStatus=both`)
    // The console's own, where the personality offers them.
    const own = `/v1/sandbox-console`
    await call('GET', `${own}/clock`)
    await call('POST', `${own}/clock`, {
      setting: { kind: 'follows', offsetDays: 0 },
      settlePendingAfterDays: null,
    })
    await call('POST', `${own}/clock`, { setting: { kind: 'sideways' } })
    await call('GET', `${own}/card-accounts/${id}/summary?fromDate=2000-01-01&toDate=${today}`)
    await call('GET', `${own}/card-accounts/${id}/summary?bucket=hourly`)
    await call('POST', `${own}/card-accounts/${id}/settlements`, {
      transactions: [{ cardTransactionId: 'p-1' }],
    })
    await call('POST', `${own}/card-accounts/${id}/settlements`, { transactions: [] })
    await call('DELETE', `${own}/card-accounts/${id}/transactions/p-2`)
    await call('DELETE', `${own}/card-accounts/${id}/transactions/p-2`)
    await call('DELETE', `${own}/card-accounts/${id}`)
    await call('DELETE', `${own}/card-accounts/${id}`)
    // Each offered operation was seen answering a success, and every one that reads a path or a body an error.
    for (const offered of personality.offers) {
      const statuses = checked
        .filter((line) => line.startsWith(`${offered} `))
        .map((line) => line.split(' ')[1])
      expect(
        statuses.some((status) => Number(status) < 300),
        `${offered}: ${statuses}`,
      ).toBe(true)
      if (offered === 'listCardAccounts' || offered === 'getSandboxClock') continue
      expect(
        statuses.some((status) => Number(status) >= 400),
        `${offered}: ${statuses}`,
      ).toBe(true)
    }
  })
})
