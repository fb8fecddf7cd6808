import { z } from 'zod'
import { jsonNumberSchema } from './amount'
import { cardAccount, cardAccountCreate, cardAccountList } from './card-account'
import { signatureErrorCodes, tppMessagesBody } from './errors'
import { headerNames, requestId } from './headers'
import {
  API_BASE,
  CONSOLE_SANDBOX_FLAG,
  CONSOLE_SANDBOX_PREFIX,
  type HeaderUse,
  OPENAPI_PATH,
  type Operation,
  operationList,
  pathParameters,
} from './operations'
import { type AnswerTraits, contractTraits } from './personality-names'

import { transactionsCreated } from './snapshot'
import { cardTransactionsResponse, transactionBatch } from './transaction'

type JsonObject = Record<string, unknown>

/** Where the document is served, so its relative server URL reaches the operation from there. */
export const openApiServers = {
  console: { url: API_BASE, description: 'This console: its in-browser sandbox, or its signing proxy' },
  sandbox: { url: '/', description: 'This sandbox (npm run sandbox), or the bank sandbox at its base URL' },
} as const

/** Schemas named under components/schemas; any other is written in place. */
const schemaNames = new Map<z.ZodType, string>([
  [cardAccountCreate, 'CardAccountCreate'],
  [transactionBatch, 'TransactionBatch'],
  [cardAccount, 'CardAccount'],
  [cardAccountList, 'CardAccountList'],
  [cardTransactionsResponse, 'CardTransactions'],
  [transactionsCreated, 'TransactionsCreated'],
  [tppMessagesBody, 'TppMessages'],
])

/** The tppMessages answers by status; 400, 401 and 500 can come from every operation. */
const problemAnswers: Record<number, string> = {
  400:
    'FORMAT_ERROR: a header, query parameter or body field breaks its rule (`path` names it); ' +
    'PARAMETER_NOT_SUPPORTED: a query parameter the operation does not take (`path` names it); ' +
    'PERIOD_INVALID: fromDate is after toDate',
  401: `The signature or the certificate was refused: ${signatureErrorCodes.join(', ')}`,
  404: 'RESOURCE_UNKNOWN: no mock card account has this mockCardAccountId (or, where one is named, no transaction this cardTransactionId)',
  413: 'PAYLOAD_TOO_LARGE: the body is over the server’s limit',
  415: 'FORMAT_ERROR naming Content-Type: the body is not sent as application/json',
  507: 'STORE_FULL: the write would pass a cap on stored transactions (the text names the cap); nothing was stored',
  500: 'INTERNAL_SERVER_ERROR: a failure of the server, still in the tppMessages shape',
}
const everyOperationsProblems = [400, 401, 500]
/** An operation that reads a JSON body refuses another media type. */
const bodyProblems = [415]

/**
 * The operation as an OpenAPI 3.1 document, from the contract's operation table and its strict wire
 * schemas: the request side of what a client sends, the answer side of what the sandbox sends. The client's
 * liberal reader schemas stay out: their transforms have no JSON Schema.
 */
export function openApiDocument(
  server: { url: string; description: string } = openApiServers.console,
  offered: readonly Operation[] = operationList,
  traits: AnswerTraits = contractTraits,
) {
  const schemas: Record<string, JsonObject> = {}

  /** JSON Schema 2020-12, OpenAPI 3.1's own dialect; a named schema goes to the components once. */
  const schemaOf = (schema: z.ZodType, io: 'input' | 'output'): JsonObject => {
    const json: JsonObject = {
      ...z.toJSONSchema(schema, {
        io,
        unrepresentable: 'any',
        override: ({ zodSchema, jsonSchema }) => {
          if (zodSchema === jsonNumberSchema) jsonSchema.type = 'number'
        },
      }),
    }
    delete json.$schema
    if (io === 'output' && schema !== tppMessagesBody) shapeAnswer(json, traits)
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

  const echoedRequestId = {
    description: 'The request’s X-Request-ID, when it was a UUID',
    schema: schemaOf(requestId, 'output'),
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
          : { content: { 'application/json': { schema: schemaOf(answer.schema, 'output') } } }),
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
              content: { 'application/json': { schema: schemaOf(operation.body, 'input') } },
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

  const problemSchema = schemaOf(tppMessagesBody, 'output')
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
        content: { 'application/json': { schema: problemSchema } },
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
    paths,
    components: { schemas, responses },
  }
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
    const schema = node as JsonObject
    const properties = schema.properties as Record<string, JsonObject> | undefined
    if (traits.extraFields && schema.additionalProperties === false) delete schema.additionalProperties
    if (
      traits.amounts === 'number' &&
      properties?.amount !== undefined &&
      properties.currency !== undefined
    ) {
      properties.amount = { type: 'number' }
    }
    if (
      traits.pending === 'strings' &&
      properties?.pending?.type === 'array' &&
      properties.booked?.type === 'array'
    ) {
      properties.pending = { type: 'array', items: { type: 'string' } }
    }
    for (const value of Object.values(schema)) visit(value)
  }
  visit(json)
}

/** The document as a file every server of the console serves, at the same path (under a base path). */
export function openApiFile(
  server: { url: string; description: string } = openApiServers.console,
  offered: readonly Operation[] = operationList,
  traits: AnswerTraits = contractTraits,
) {
  const document = openApiDocument(server, offered, traits)
  return { path: OPENAPI_PATH, json: `${JSON.stringify(document, null, 2)}\n` }
}
