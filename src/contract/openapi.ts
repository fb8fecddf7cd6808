import { jsonNumberSchema } from './amount'
import { answerTraitsOf, type BankTraits, personalityProfiles } from './bank-profile'
import { cardAccount, cardAccountCreate, cardAccountList } from './card-account'
import { isoDate } from './dates'
import { errorCodes, signatureErrorCodes, tppMessagesBody } from './errors'
import { headerNames, requestId } from './headers'
import { operationExamples } from './openapi-examples'
import { type HeaderUse, type Operation, offeredOperations, pathParameters } from './operations'
import { type AnswerTraits, PROBLEM_DETAILS_MEDIA_TYPE, problemDetailsBody } from './personality-names'
import {
  API_BASE,
  CONSOLE_SANDBOX_FLAG,
  CONSOLE_SANDBOX_PREFIX,
  OPENAPI_PATH,
  type OperationOwner,
} from './routes'
import { transactionsCreated } from './snapshot'
import { cardTransactionsResponse, transactionBatch } from './transaction'
import { INT32_MAX } from './transactions-query'
import { z } from './zod'

type JsonObject = Record<string, unknown>

/**
 * The signature as OpenAPI can say it: an API key in the `Signature` header, so a mock answers a request
 * without one 401 as the sandbox does. What makes it valid (the other headers it covers, the certificate)
 * only a verifier can check; they are in the description and, each, a header parameter.
 */
const SIGNATURE_SCHEME = 'Signature'
const signatureScheme = {
  type: 'apiKey',
  in: 'header',
  name: headerNames.signature,
  description:
    'draft-cavage-http-signatures-10, rsa-sha256, over `date digest x-request-id` (and psu-id, ' +
    `psu-corporate-id, tpp-redirect-uri when sent). Sent with ${headerNames.digest}, ` +
    `${headerNames.tppSignatureCertificate}, ${headerNames.requestId} and, where the client can set it, ` +
    `${headerNames.date}. Refused as 401 ${signatureErrorCodes.join(', ')}.`,
}

/** Whose each operation is (docs/decisions.md#boundary), as a tag a reader can filter by. */
const ownerTags: Record<OperationOwner, { name: string; description: string }> = {
  bank: { name: 'bank', description: 'The bank’s sandbox operation: every bank has it' },
  'bank-optional': {
    name: 'bank-optional',
    description: 'Some banks have it; the platform does not (it answers 405)',
  },
  console: {
    name: 'sandbox-console',
    description: 'Sandbox Console’s own (under /v1/sandbox-console): no bank has it',
  },
}

/** The extensions a client or a tool reads besides the standard fields. */
export const openApiExtensions = {
  /** On each operation: whose it is, the operation table's `owner`. */
  owner: 'x-owner',
  /** On each console operation: true, so a tool can leave them out before it points at a bank. */
  consoleOperation: 'x-sandbox-console-operation',
  /** On an operation the platform does not offer: true. */
  absentOnPlatform: 'x-absent-on-platform',
  /**
   * On an operation with a query: false, as JSON Schema's additionalProperties says it. Query parameters
   * are separate parameters in OpenAPI, so no mock enforces it; the sandbox answers 400
   * PARAMETER_NOT_SUPPORTED naming the one it does not take.
   */
  additionalQueryParameters: 'x-additional-query-parameters',
} as const

/** Where the document is served, so its relative server URL reaches the operation from there. */
export const openApiServers = {
  console: { url: API_BASE, description: 'This console: its in-browser sandbox, or its signing proxy' },
  sandbox: { url: '/', description: 'This sandbox (npm run sandbox), or the bank sandbox at its base URL' },
} as const

/** Schemas named under components/schemas; any other is written in place. */
const schemaNames = new Map<z.ZodMiniType, string>([
  [cardAccountCreate, 'CardAccountCreate'],
  [transactionBatch, 'TransactionBatch'],
  [cardAccount, 'CardAccount'],
  [cardAccountList, 'CardAccountList'],
  [cardTransactionsResponse, 'CardTransactions'],
  [transactionsCreated, 'TransactionsCreated'],
  [tppMessagesBody, 'TppMessages'],
  [problemDetailsBody, 'ProblemDetails'],
])

/** The tppMessages answers by status; 400, 401 and 500 can come from every operation. */
const problemAnswers: Record<number, string> = {
  400:
    'FORMAT_ERROR: a header, path parameter, query parameter or body field breaks its rule (`path` names it); ' +
    'PARAMETER_NOT_SUPPORTED: a query parameter the operation does not take (`path` names it); ' +
    'PERIOD_INVALID: fromDate is after toDate',
  401: `The signature or the certificate was refused: ${signatureErrorCodes.join(', ')}`,
  404: 'RESOURCE_UNKNOWN: no mock card account has this mockCardAccountId (or, where one is named, no transaction this cardTransactionId)',
  // No operation answers it itself: a path's other methods do, with Allow listing the ones it takes.
  405: 'SERVICE_INVALID: the path exists, but not with this method; Allow lists the methods it takes',
  406: 'FORMAT_ERROR naming Accept or Accept-Charset: it rules out application/json or utf-8, all the sandbox answers in',
  413: 'PAYLOAD_TOO_LARGE: the body is over the server’s limit',
  415: 'FORMAT_ERROR naming Content-Type: the body is not sent as application/json',
  429:
    'ACCESS_EXCEEDED: the memory of verified X-Request-IDs is full, or a condition the tester set limits ' +
    'the reads of a day',
  500: 'INTERNAL_SERVER_ERROR: a failure of the server (or a condition the tester set), still in the tppMessages shape',
  503: 'SERVICE_UNAVAILABLE: a condition the tester set says the sandbox is down; Retry-After when it set one',
  507: 'STORE_FULL: the write would pass a cap on stored transactions (the text names the cap); nothing was stored',
}
/**
 * 429 and 503 too: the replay memory and the tester's conditions stand before every operation; 406 for an
 * Accept or Accept-Charset that rules out JSON in utf-8 (src/sandbox-http/negotiation.ts).
 */
const everyOperationsProblems = [400, 401, 406, 429, 500, 503]
/** An operation that reads a JSON body refuses another media type. */
const bodyProblems = [415]

/**
 * The operation as an OpenAPI 3.1 document, from the contract's operation table and its strict wire
 * schemas: the request side of what a client sends, the answer side of what the sandbox sends. The client's
 * liberal reader schemas stay out: their transforms have no JSON Schema.
 */
export function openApiDocument(
  server: { url: string; description: string } = openApiServers.console,
  profile: BankTraits = personalityProfiles.console,
) {
  const offered = offeredOperations(profile)
  const traits = answerTraitsOf(profile)
  const schemas: Record<string, JsonObject> = {}

  /** JSON Schema 2020-12, OpenAPI 3.1's own dialect; a named schema goes to the components once. */
  const schemaOf = (schema: z.ZodMiniType, io: 'input' | 'output'): JsonObject => {
    const json: JsonObject = {
      ...z.toJSONSchema(schema, {
        io,
        unrepresentable: 'any',
        override: ({ zodSchema, jsonSchema }) => {
          if (zodSchema === jsonNumberSchema) jsonSchema.type = 'number'
          // A calendar day: a validating mock then refuses 2026-02-30 as the sandbox does.
          if (zodSchema === isoDate) jsonSchema.format = 'date'
          asQueryInteger(zodSchema, jsonSchema)
          const def = zodSchema._zod.def
          if (io === 'input' && def.type === 'default')
            jsonSchema.default = (def as { defaultValue: unknown }).defaultValue
        },
      }),
    }
    delete json.$schema
    if (io === 'output' && schema !== tppMessagesBody && schema !== problemDetailsBody)
      shapeAnswer(json, traits)
    const name = schemaNames.get(schema)
    if (name === undefined) return json
    schemas[name] = json
    return { $ref: `#/components/schemas/${name}` }
  }

  const header = ({ name, required, description, schema }: HeaderUse) => ({
    name,
    in: 'header',
    required,
    description,
    schema: schema === undefined ? { type: 'string' } : schemaOf(schema, 'input'),
  })

  const parameters = (operation: Operation) => {
    const path = [...operation.path.matchAll(/\{(\w+)\}/g)].map(([, name = '']) => {
      const rule = pathParameters[name as keyof typeof pathParameters]
      return {
        name,
        in: 'path',
        required: true,
        description: rule.description,
        schema: schemaOf(rule.schema, 'input'),
      }
    })
    const query = operation.query === undefined ? {} : schemaOf(operation.query, 'input')
    const required = (query.required ?? []) as string[]
    const queryParameters = Object.entries((query.properties ?? {}) as Record<string, JsonObject>).map(
      ([name, schema]) => ({ name, in: 'query', required: required.includes(name), schema }),
    )
    return [...path, ...queryParameters, ...operation.headers.map(header)]
  }

  /** The body, and where the operation takes an array or one object alone, either. */
  const bodySchema = ({ body, bodyShapes = [] }: Operation): JsonObject => {
    const schema = schemaOf(body as z.ZodMiniType, 'input')
    if (!(bodyShapes.includes('array') && bodyShapes.includes('object'))) return schema
    const batch = schema.$ref === undefined ? schema : schemas[String(schema.$ref).split('/').pop() ?? '']
    if (batch?.type !== 'array') return schema
    const name = `${schemaNames.get(body as z.ZodMiniType) ?? 'Body'}Item`
    schemas[name] = batch.items as JsonObject
    batch.items = { $ref: `#/components/schemas/${name}` }
    return { oneOf: [schema, { $ref: `#/components/schemas/${name}` }] }
  }

  /**
   * The fixed test data as the sandbox answers it (src/contract/openapi-examples.ts), so a static mock
   * answers real-looking rows rather than "string". An answer is shaped as `traits` write it; where that
   * shape is the personality's own (pending as text, or none) there is none, and a mock makes one from the
   * schema.
   */
  const examplesOf = ({ name }: Operation, side: 'request' | 'answer') => {
    const value = operationExamples[name]?.[side]
    if (value === undefined) return {}
    if (side === 'answer' && traits.pending !== 'objects' && name === 'listTransactions') return {}
    const shaped = side === 'answer' && traits.amounts === 'number' ? withNumberAmounts(value) : value
    return { examples: { fixedSet: { summary: 'From the fixed test data', value: shaped } } }
  }

  const echoedRequestId = {
    description: 'The request’s X-Request-ID, when it was a UUID',
    schema: schemaOf(requestId, 'output'),
    // A mock echoes nothing: without it, it would answer the header as "string", which is no UUID.
    example: '99391c7e-ad88-49ec-a2ad-99ddcb1f7721',
  }

  const answers = ({ name, answer, problems, body }: Operation) => {
    const answerHeaders = Object.fromEntries(
      (answer.headers ?? []).map((name) => [name, { schema: { type: 'string' } }]),
    )
    const statuses = [
      ...new Set([...everyOperationsProblems, ...(body === undefined ? [] : bodyProblems), ...problems]),
    ].sort((a, b) => a - b)
    return {
      [answer.status]: {
        description: answer.description,
        headers: { [headerNames.requestId]: echoedRequestId, ...answerHeaders },
        // A 204 has no body to describe, nor has a sandbox's empty 201.
        ...(answer.status === 204 || (name === 'createTransactions' && traits.transactionsCreated === 'empty')
          ? {}
          : {
              content: {
                'application/json': {
                  schema: schemaOf(answer.schema, 'output'),
                  ...examplesOf({ name, answer } as Operation, 'answer'),
                },
              },
            }),
      },
      ...Object.fromEntries(
        statuses.map((status) => [status, { $ref: `#/components/responses/Problem${status}` }]),
      ),
    }
  }

  const paths: Record<string, JsonObject> = {}
  const place = (operation: Operation, path: string, deprecated: boolean) => {
    paths[path] ??= {}
    ;(paths[path] as JsonObject)[operation.method.toLowerCase()] = {
      operationId: deprecated ? `${operation.name}AtDeprecatedPath` : operation.name,
      summary: operation.summary,
      tags: [ownerTags[operation.owner].name],
      [openApiExtensions.owner]: operation.owner,
      ...(operation.owner === 'console' ? { [openApiExtensions.consoleOperation]: true } : {}),
      ...(operation.owner === 'bank-optional' ? { [openApiExtensions.absentOnPlatform]: true } : {}),
      ...(operation.query === undefined ? {} : { [openApiExtensions.additionalQueryParameters]: false }),
      ...(deprecated
        ? {
            deprecated: true,
            description: `The path it had before ${operation.path}, answered for one more release.`,
          }
        : operation.description === undefined
          ? {}
          : { description: operation.description }),
      parameters: parameters(operation),
      ...(operation.body === undefined
        ? {}
        : {
            requestBody: {
              required: true,
              content: {
                'application/json': { schema: bodySchema(operation), ...examplesOf(operation, 'request') },
              },
            },
          }),
      responses: answers(operation),
    }
  }
  for (const operation of offered) place(operation, operation.path, false)
  for (const operation of offered) {
    for (const path of operation.deprecatedPaths ?? []) place(operation, path, true)
  }
  // One of our sandboxes says so (the proxy reads it, docs/decisions.md#boundary): it has the console's own
  // operations. A bank's document has no such flag, and a personality shaped like a bank leaves it out.
  const consoleSandbox = offered.some(({ owner }) => owner === 'console')

  // A sandbox answering problem details says so; ours otherwise answer tppMessages.
  const problemDetails = profile.errorBody === 'other'
  const problemSchema = problemDetails
    ? schemaOf(problemDetailsBody, 'output')
    : schemaOf(tppMessagesBody, 'output')
  if (!problemDetails) {
    // What our sandboxes send; a client still reads codes it does not know (docs/decisions.md#error-codes).
    const messageSchema = (schemas.TppMessages as { properties: { tppMessages: { items: JsonObject } } })
      .properties.tppMessages.items as { properties: Record<string, JsonObject> }
    messageSchema.properties.code = { type: 'string', enum: [...errorCodes] }
  }
  const responses = Object.fromEntries(
    Object.entries(problemAnswers).map(([status, description]) => [
      `Problem${status}`,
      {
        description,
        headers: {
          [headerNames.requestId]: echoedRequestId,
          ...(status === '401'
            ? {
                [headerNames.wwwAuthenticate]: {
                  description: 'The scheme: Signature',
                  schema: { type: 'string' },
                },
              }
            : {}),
        },
        content: {
          [problemDetails ? PROBLEM_DETAILS_MEDIA_TYPE : 'application/json']: { schema: problemSchema },
        },
      },
    ]),
  )

  return {
    openapi: '3.1.1',
    info: {
      title: 'Sandbox card-account transactions',
      version: '1',
      description:
        'Mock card accounts and their card transactions in the PSD2 sandbox, as Sandbox Console implements ' +
        'them. Every request is signed (draft-cavage-http-signatures-10); the console’s proxy signs for you.',
    },
    servers: [server],
    ...(consoleSandbox ? { [CONSOLE_SANDBOX_FLAG]: { prefix: CONSOLE_SANDBOX_PREFIX } } : {}),
    security: [{ [SIGNATURE_SCHEME]: [] }],
    tags: [...new Set(offered.map(({ owner }) => owner))].map((owner) => ownerTags[owner]),
    paths,
    components: { schemas, responses, securitySchemes: { [SIGNATURE_SCHEME]: signatureScheme } },
  }
}

/**
 * A query integer (digits in the query string, piped into a bounded number) as the integer it stands for,
 * with its bounds: a mock that coerces the query then refuses `limit=0` or a limit past MAX_LIMIT, as the
 * sandbox does. Within int32, the spec's type, it says so.
 */
function asQueryInteger(zodSchema: z.core.$ZodType, jsonSchema: JsonObject): void {
  const def = zodSchema._zod.def as { type: string; out?: z.core.$ZodType }
  if (def.type !== 'pipe' || def.out?._zod.def.type !== 'number' || jsonSchema.type !== 'string') return
  const { minimum, maximum } = z.toJSONSchema(def.out as z.ZodMiniType) as {
    minimum?: number
    maximum?: number
  }
  delete jsonSchema.pattern
  jsonSchema.type = 'integer'
  if ((minimum ?? -INT32_MAX - 1) >= -INT32_MAX - 1 && maximum !== undefined && maximum <= INT32_MAX) {
    jsonSchema.format = 'int32'
  }
  if (minimum !== undefined) jsonSchema.minimum = minimum
  if (maximum !== undefined) jsonSchema.maximum = maximum
}

/**
 * An answer's JSON Schema as a sandbox with `traits` writes it, changed in place: every amount object's
 * `amount` a number, `pending` elements strings, unknown fields allowed.
 */
function shapeAnswer(json: JsonObject, traits: AnswerTraits): void {
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item)
      return
    }
    if (typeof node !== 'object' || node === null) return
    shapeSchemaObject(node as JsonObject, traits)
    for (const value of Object.values(node)) visit(value)
  }
  visit(json)
}

/** One schema object of an answer changed as `shapeAnswer` says, before the schemas inside it are visited. */
function shapeSchemaObject(schema: JsonObject, traits: AnswerTraits): void {
  const properties = schema.properties as Record<string, JsonObject> | undefined
  if (traits.extraFields && schema.additionalProperties === false) delete schema.additionalProperties
  if (traits.amounts === 'number' && properties?.amount !== undefined && properties.currency !== undefined) {
    properties.amount = { type: 'number' }
  }
  if (
    traits.pending !== 'objects' &&
    properties?.pending?.type === 'array' &&
    properties.booked?.type === 'array'
  ) {
    if (traits.pending === 'strings') properties.pending = { type: 'array', items: { type: 'string' } }
    else {
      delete properties.pending
      if (Array.isArray(schema.required))
        schema.required = schema.required.filter((name) => name !== 'pending')
    }
  }
}

/** Every amount object's `amount` as a JSON number, as a sandbox with number amounts writes it. */
function withNumberAmounts(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withNumberAmounts)
  if (typeof value !== 'object' || value === null) return value
  const object = Object.fromEntries(
    Object.entries(value).map(([key, field]) => [key, withNumberAmounts(field)]),
  )
  if (typeof object.currency === 'string' && typeof object.amount === 'string')
    object.amount = Number(object.amount)
  return object
}

/** The document as a file every server of the console serves, at the same path (under a base path). */
export function openApiFile(
  server: { url: string; description: string } = openApiServers.console,
  profile: BankTraits = personalityProfiles.console,
) {
  const document = openApiDocument(server, profile)
  return { path: OPENAPI_PATH, json: `${JSON.stringify(document, null, 2)}\n` }
}

/** A sandbox serving `profile`: its document's server is its base path. */
export function sandboxServerOf(profile: BankTraits): { url: string; description: string } {
  return {
    ...openApiServers.sandbox,
    url: profile.basePath === '' ? openApiServers.sandbox.url : profile.basePath,
  }
}
