import { Validator } from '@seriousme/openapi-schema-validator'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { describe, expect, it } from 'vitest'
import { type BankTraits, personalityProfiles } from './bank-profile'
import { openApiDocument, openApiServers, sandboxServerOf } from './openapi'
import { operationList } from './operations'
import { PROBLEM_DETAILS_MEDIA_TYPE } from './personality-names'
import { DEFAULT_LIMIT, MAX_LIMIT } from './transactions-query'

interface Schema {
  type?: string
  anyOf?: Schema[]
  properties?: Record<string, Schema>
  items?: Schema
  additionalProperties?: unknown
  required?: string[]
}
interface Document {
  openapi: string
  servers: unknown[]
  paths: Record<string, Record<string, OperationObject>>
  components: {
    schemas: Record<string, Schema>
    responses: Record<string, { content: Record<string, { schema: unknown }> }>
  }
}
interface OperationObject {
  operationId: string
  parameters: Array<{ name: string; in: string; schema?: unknown }>
  requestBody?: unknown
  responses: Record<string, unknown>
}

const contract = personalityProfiles.console

/** The document as a client reads it: JSON. */
const read = (value: unknown): Document => JSON.parse(JSON.stringify(value))
const document = read(openApiDocument())

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(JSON.parse(JSON.stringify(document)))
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
    expect(String(document.openapi)).toMatch(/^3\.1\./)
  })

  it.each(operationList.map((operation) => [operation.name, operation] as const))(
    'has %s with its method, parameters, body and answers',
    (name, operation) => {
      const entry = document.paths[operation.path]?.[operation.method.toLowerCase()]
      expect(entry).toMatchObject({ operationId: name })
      const parameters = entry?.parameters ?? []
      const named = (place: string) => parameters.filter((p) => p.in === place).map((p) => p.name)
      expect(named('path')).toEqual([...operation.path.matchAll(/\{(\w+)\}/g)].map(([, param]) => param))
      expect(named('header')).toEqual(operation.headers.map((header) => header.name))
      expect(named('header')).toEqual(expect.arrayContaining(['X-Request-ID', 'Signature', 'Digest', 'Date']))
      // Each parameter of the operation's query schema, and no other.
      const query = operation.query as { shape?: Record<string, unknown> } | undefined
      expect(named('query')).toEqual(Object.keys(query?.shape ?? {}))
      expect(entry?.requestBody !== undefined).toBe(operation.body !== undefined)
      expect(Object.keys(entry?.responses ?? {})).toEqual(
        expect.arrayContaining([
          String(operation.answer.status),
          '400',
          '401',
          ...operation.problems.map(String),
        ]),
      )
    },
  )

  it('lists no operation the table does not have', () => {
    const documented = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    )
    const placed = operationList.flatMap(({ method, path, deprecatedPaths = [] }) =>
      [path, ...deprecatedPaths].map((at) => `${method} ${at}`),
    )
    expect(documented.sort()).toEqual(placed.sort())
  })

  it("marks the console's own operations' old paths deprecated and says it is one of our sandboxes", () => {
    const oldClock = document.paths['/v1/sandbox/clock'] as unknown as Record<
      string,
      { deprecated?: boolean }
    >
    expect(oldClock.get?.deprecated).toBe(true)
    expect((document.paths['/v1/sandbox-console/clock'] as Record<string, unknown>).get).not.toHaveProperty(
      'deprecated',
    )
    expect(document).toHaveProperty(['x-sandbox-console', 'prefix'], '/v1/sandbox-console')
    const bank = { ...contract, consoleOperations: false }
    expect(openApiDocument(openApiServers.sandbox, bank)).not.toHaveProperty('x-sandbox-console')
  })

  it('describes requests by their input side and answers by the strict wire side', () => {
    const { schemas } = document.components
    expect(schemas.TransactionBatch?.items).toEqual({ $ref: '#/components/schemas/TransactionBatchItem' })
    const sentAmount = schemas.TransactionBatchItem?.properties?.transactionAmount?.properties?.amount
    expect(sentAmount?.anyOf?.map((form) => form.type)).toEqual(['string', 'number'])
    const answered = schemas.CardTransactions?.properties?.cardTransactions?.properties?.booked?.items
    expect(answered?.properties?.transactionAmount?.properties?.amount?.type).toBe('string')
    // The strict schema, not the client's liberal reader that keeps unknown fields.
    expect(answered?.additionalProperties).toBe(false)
  })

  it('answers errors in the tppMessages shape and names relative servers', () => {
    const { responses, schemas } = document.components
    expect(responses.Problem404?.content['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/TppMessages',
    })
    expect(schemas.TppMessages?.required).toEqual(['tppMessages'])
    expect(document.servers).toEqual([openApiServers.console])
    expect(read(openApiDocument(openApiServers.sandbox)).servers).toEqual([openApiServers.sandbox])
  })

  it('says what a validating mock can enforce: integer bounds, calendar days, both body shapes', () => {
    const list = document.paths['/v1/sandbox/card-accounts/{mockCardAccountId}/transactions'] as Record<
      string,
      OperationObject & {
        parameters: Array<{ name: string; in: string; schema: unknown; required?: boolean }>
      }
    >
    const parameter = (name: string) => list.get?.parameters.find((p) => p.name === name)
    expect(parameter('limit')?.schema).toEqual({
      type: 'integer',
      format: 'int32',
      minimum: 1,
      maximum: MAX_LIMIT,
      default: DEFAULT_LIMIT,
    })
    expect(parameter('offset')?.schema).toMatchObject({ type: 'integer', format: 'int32', minimum: 0 })
    expect(parameter('fromDate')?.schema).toMatchObject({ type: 'string', format: 'date' })
    // Signed "each where available": a request may go without it.
    expect(parameter('Date')).toMatchObject({ in: 'header', required: false })
    expect(parameter('Digest')).toMatchObject({ in: 'header', required: true })
    // Spec §7: a wrong PSU-ID format is a validation error; the document says which format.
    expect(parameter('PSU-ID')).toMatchObject({
      in: 'header',
      required: false,
      schema: { type: 'string', pattern: '^[0-9]{8,11}$' },
    })
    expect(list.get).toHaveProperty(['x-additional-query-parameters'], false)
    expect(list.post?.requestBody).toHaveProperty('content', {
      'application/json': {
        schema: {
          oneOf: [
            { $ref: '#/components/schemas/TransactionBatch' },
            { $ref: '#/components/schemas/TransactionBatchItem' },
          ],
        },
        examples: expect.any(Object),
      },
    })
  })

  it('has the signature as a security scheme, every status a sandbox sends and its codes', () => {
    const raw = document as unknown as {
      security: unknown
      components: { securitySchemes: unknown; schemas: Record<string, unknown> }
    }
    expect(raw.security).toEqual([{ Signature: [] }])
    expect(raw.components.securitySchemes).toEqual({
      Signature: expect.objectContaining({ type: 'apiKey', in: 'header', name: 'Signature' }),
    })
    expect(Object.keys(document.components.responses).sort()).toEqual(
      [400, 401, 404, 405, 406, 413, 415, 429, 500, 503, 507].map((status) => `Problem${status}`),
    )
    expect(raw.components.schemas.TppMessages).toHaveProperty(
      ['properties', 'tppMessages', 'items', 'properties', 'code', 'enum'],
      expect.arrayContaining([
        'PARAMETER_NOT_SUPPORTED',
        'PERIOD_INVALID',
        'SIGNATURE_MISSING',
        'STORE_FULL',
      ]),
    )
  })

  it("tags and flags whose each operation is, the platform's missing list included", () => {
    for (const operation of operationList) {
      const entry: Record<string, unknown> = {
        ...document.paths[operation.path]?.[operation.method.toLowerCase()],
      }
      expect(entry['x-owner']).toBe(operation.owner)
      expect(entry['x-sandbox-console-operation']).toBe(operation.owner === 'console' ? true : undefined)
      expect(entry.tags).toEqual([operation.owner === 'console' ? 'sandbox-console' : operation.owner])
    }
    expect(document.paths['/v1/sandbox/card-accounts']?.get).toHaveProperty(['x-absent-on-platform'], true)
    expect(document.paths['/v1/sandbox/card-accounts']?.post).not.toHaveProperty('x-absent-on-platform')
  })

  it.each<[string, BankTraits]>([
    ['the contract', contract],
    ['number amounts', { ...contract, amounts: 'number' }],
    ['pending strings and an empty 201', { ...contract, pending: 'strings', transactionsCreated: 'empty' }],
    ['extra fields', { ...contract, extraFields: true }],
    ['no pending array', { ...contract, pending: 'absent' }],
  ])('has examples that fit their own schemas, with %s', (_, traits) => {
    const shaped = read(openApiDocument(openApiServers.sandbox, traits)) as unknown as {
      paths: Record<string, Record<string, JsonOperation>>
      components: Record<string, unknown>
    }
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false })
    let checked = 0
    for (const { where, schema, examples } of exampledBodies(shaped.paths)) {
      const validate = ajv.compile({ ...schema, components: shaped.components })
      for (const { value } of Object.values(examples)) {
        validate(value)
        expect(validate.errors ?? [], where).toEqual([])
        checked++
      }
    }
    expect(checked).toBeGreaterThan(traits.pending === 'objects' ? 11 : 10)
  })
})

describe("a profile's document", () => {
  const profile: BankTraits = {
    ...contract,
    basePath: '/psd2/sandbox',
    accountList: 'absent',
    consoleOperations: false,
    pending: 'absent',
    errorBody: 'other',
  }
  const shaped = read(openApiDocument(sandboxServerOf(profile), profile))

  it('is served from its base path and offers only its operations', () => {
    expect(shaped.servers).toEqual([{ ...openApiServers.sandbox, url: '/psd2/sandbox' }])
    expect(shaped.paths['/v1/sandbox/card-accounts']).not.toHaveProperty('get')
    expect(shaped.paths['/v1/sandbox/card-accounts']).toHaveProperty('post')
    expect(Object.keys(shaped.paths).some((path) => path.startsWith('/v1/sandbox-console'))).toBe(false)
  })

  it('answers a page without the pending array when the profile has none', () => {
    const lists = shaped.components.schemas.CardTransactions?.properties?.cardTransactions
    expect(Object.keys(lists?.properties ?? {})).not.toContain('pending')
    expect(lists?.required ?? []).not.toContain('pending')
  })

  it('describes errors as problem details when the profile answers them so', () => {
    const notFound = shaped.components.responses.Problem404?.content
    expect(Object.keys(notFound ?? {})).toEqual([PROBLEM_DETAILS_MEDIA_TYPE])
    expect(notFound?.[PROBLEM_DETAILS_MEDIA_TYPE]?.schema).toEqual({
      $ref: '#/components/schemas/ProblemDetails',
    })
    expect(shaped.components.schemas.ProblemDetails).toMatchObject({
      properties: { title: { type: 'string' }, 'invalid-params': { type: 'array' } },
      required: expect.arrayContaining(['type', 'title', 'status', 'detail']),
    })
  })

  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(JSON.parse(JSON.stringify(shaped)))
    expect(result.errors ?? []).toEqual([])
  })
})

/** Each JSON request and answer body of the paths that has examples, named by its method and path. */
function exampledBodies(
  paths: Record<string, Record<string, JsonOperation>>,
): Array<MediaType & { where: string }> {
  return Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods).flatMap(([method, entry]) =>
      [
        entry.requestBody?.content['application/json'],
        ...Object.values(entry.responses).map((answer) => answer.content?.['application/json']),
      ]
        .filter((media): media is MediaType => media?.examples !== undefined)
        .map((media) => ({ ...media, where: `${method} ${path}` })),
    ),
  )
}

interface MediaType {
  schema: Record<string, unknown>
  examples: Record<string, { value: unknown }>
}
interface JsonOperation {
  requestBody?: { content: Record<string, MediaType> }
  responses: Record<string, { content?: Record<string, MediaType> }>
}
