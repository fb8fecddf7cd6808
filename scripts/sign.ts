// `npm run sign -- [--request-target] [-H "Name: value"]... METHOD URL [BODY | @FILE]`: prints a curl command for one request signed as the proxy signs
// it (X-Request-ID, Date, Digest, TPP-Signature-Certificate, Signature), for `npm run sandbox` or a bank's
// sandbox. It signs with TPP_CERT and TPP_KEY (and TPP_KEY_PASSPHRASE) when set, else with the development
// identity in .dev-identity/ (made on first use, as `npm start` does). The command can be sent once, within 5
// minutes of its Date: a sandbox refuses an X-Request-ID it has verified before.
// --request-target signs the method and path too, as `npm start` does with SIGN_REQUEST_TARGET=1.
// -H "Date: <IMF-fixdate>" and -H "X-Request-ID: <UUID>" sign those values instead of now and a new id, to
// reproduce a request; Digest, TPP-Signature-Certificate and Signature are the signer's own and refused.
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { IdentityError, loadIdentity, loadOrCreateDevIdentity } from '../server/identity'
import { HEADER_VALUE_CHARACTER, HTTP_METHOD } from '../src/contract/headers'
import { requestIdProblem } from '../src/contract/request-headers'
import { curlCommandLine } from '../src/signing/curl-command'
import { createNodeRequestSigner } from '../src/signing/node/node-signing-crypto'
import { REQUEST_TARGET_SIGNED_HEADERS } from '../src/signing/signer'
import { dateFormatProblem } from '../src/signing/verifier'

const USAGE =
  'usage: npm run sign -- [--request-target] [-H "Name: value"]... METHOD URL [BODY | @FILE]   e.g. npm run sign -- GET http://127.0.0.1:4010/v1/sandbox/card-accounts\n' +
  '  -H "Date: Sun, 06 Nov 1994 08:49:37 GMT" and -H "X-Request-ID: <UUID>" are signed as given (to reproduce a request)'
const DEV_IDENTITY_DIR = fileURLToPath(new URL('../.dev-identity/', import.meta.url))
/** A header's name, as RFC 9110 allows it (a token). */
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/

/**
 * The options go anywhere (`-H` as curl takes it, so a corporate account's PSU-Corporate-ID is signed with
 * the rest); any other word starting with "-" before the method is an option this script does not know. A
 * body is the one word after the URL: more words than that are a mistake, not a body.
 */
function parseArgs(args: string[]) {
  let requestTarget = false
  const headers: [string, string][] = []
  const words: string[] = []
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string
    if (arg === '--request-target') requestTarget = true
    else if (arg === '-H' || arg === '--header') headers.push(headerOf(args[++i]))
    else if (words.length === 0 && arg.startsWith('-'))
      throw new UsageError(`unknown option: ${arg}\n${USAGE}`)
    else words.push(arg)
  }
  const [method, target, bodyArgument, ...extra] = words
  if (method === undefined || target === undefined) throw new UsageError(USAGE)
  if (extra.length > 0) {
    throw new UsageError(
      `one body at most, after the URL; also given: ${extra.map((word) => JSON.stringify(word)).join(' ')}\n${USAGE}`,
    )
  }
  if (!HTTP_METHOD.test(method))
    throw new UsageError(`not an HTTP method: ${JSON.stringify(method)}\n${USAGE}`)
  let url: URL
  try {
    url = new URL(target)
  } catch {
    throw new UsageError(`not a URL: ${target}\n${USAGE}`)
  }
  return { requestTarget, headers, method, url, bodyArgument }
}

function headerOf(option: string | undefined): [string, string] {
  const colon = option?.indexOf(':') ?? -1
  const name = option?.slice(0, colon).trim() ?? ''
  const value = option?.slice(colon + 1).trim() ?? ''
  if (option === undefined || colon < 0 || !HEADER_NAME.test(name)) {
    throw new UsageError(`-H takes "Name: value", got ${JSON.stringify(option ?? '')}\n${USAGE}`)
  }
  if (![...value].every((character) => HEADER_VALUE_CHARACTER.test(character))) {
    throw new UsageError(`header ${name} holds a character no header can carry (a line break, a control)`)
  }
  return [name, value]
}

/** Made only by the signer: given with -H, they would be dropped without a word. */
const SIGNERS_OWN = ['digest', 'tpp-signature-certificate', 'signature']

/**
 * The -H headers as the signer takes them: a given Date and X-Request-ID signed as given (refused, in the
 * sandbox's words, when malformed), else now and a new id.
 */
function signerInputs(headers: [string, string][]) {
  const given = (name: string) => headers.find(([header]) => header.toLowerCase() === name)?.[1]
  const own = headers.find(([header]) => SIGNERS_OWN.includes(header.toLowerCase()))
  if (own !== undefined) throw new UsageError(`-H ${own[0]}: the signer makes ${own[0]} itself; leave it out`)
  const date = given('date')
  const dateRefusal = date === undefined ? undefined : dateFormatProblem(date)
  if (dateRefusal !== undefined) throw new UsageError(dateRefusal)
  const requestId = given('x-request-id') ?? randomUUID()
  const idRefusal = requestIdProblem(requestId)?.messages[0]?.text
  if (idRefusal !== undefined) throw new UsageError(idRefusal)
  const rest = headers.filter(([header]) => !['date', 'x-request-id'].includes(header.toLowerCase()))
  return {
    headers: { ...Object.fromEntries(rest), 'X-Request-ID': requestId },
    ...(date === undefined ? {} : { date: new Date(date) }),
  }
}

function readBody(file: string): Buffer {
  try {
    return readFileSync(file)
  } catch (error) {
    throw new UsageError(
      `cannot read the body file ${file}: ${(error as NodeJS.ErrnoException).code ?? error}`,
    )
  }
}

async function main() {
  const { requestTarget, headers: given, method, url, bodyArgument } = parseArgs(process.argv.slice(2))
  const { headers, date } = signerInputs(given)
  const file = bodyArgument?.startsWith('@') ? bodyArgument.slice(1) : undefined
  const body =
    file !== undefined ? readBody(file) : bodyArgument === undefined ? undefined : Buffer.from(bodyArgument)
  const { TPP_CERT: certPath, TPP_KEY: keyPath, TPP_KEY_PASSPHRASE: passphrase } = process.env
  const identity =
    certPath && keyPath
      ? await loadIdentity({ certPath, keyPath, passphrase })
      : (await loadOrCreateDevIdentity(DEV_IDENTITY_DIR)).identity
  const signer = createNodeRequestSigner({
    ...identity,
    ...(requestTarget ? { signedHeaders: REQUEST_TARGET_SIGNED_HEADERS } : {}),
  })
  const signed = await signer.sign(
    {
      method: method.toUpperCase(),
      url: `${url.pathname}${url.search}`,
      headers: { ...headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      ...(body === undefined ? {} : { body: new Uint8Array(body) }),
    },
    date === undefined ? {} : { date },
  )
  // --data-binary sends the bytes exactly as signed (curl's -d would strip line breaks from a file).
  const data = file !== undefined ? `@${file}` : bodyArgument
  console.log(
    curlCommandLine({
      method: method.toUpperCase(),
      url: url.href,
      headers: Object.entries(signed.headers),
      ...(data === undefined ? {} : { data: { option: '--data-binary', value: data } }),
    }),
  )
}

class UsageError extends Error {}

main().catch((error: unknown) => {
  const known = error instanceof UsageError || error instanceof IdentityError
  console.error(known ? (error as Error).message : error)
  process.exit(2)
})
