// `npm run sign -- [--request-target] METHOD URL [BODY | @FILE]`: prints a curl command for one request signed as the proxy signs
// it (X-Request-ID, Date, Digest, TPP-Signature-Certificate, Signature), for `npm run sandbox` or a bank's
// sandbox. It signs with TPP_CERT and TPP_KEY (and TPP_KEY_PASSPHRASE) when set, else with the development
// identity in .dev-identity/ (made on first use, as `npm start` does). The Date it signs expires in 5 minutes.
// --request-target signs the method and path too, as `npm start` does with SIGN_REQUEST_TARGET=1.
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { IdentityError, loadIdentity, loadOrCreateDevIdentity } from '../server/identity'
import { HTTP_METHOD } from '../src/contract/headers'
import { curlCommandLine } from '../src/signing/curl-command'
import { createNodeRequestSigner } from '../src/signing/node/node-signing-crypto'
import { REQUEST_TARGET_SIGNED_HEADERS } from '../src/signing/signer'

const USAGE =
  'usage: npm run sign -- [--request-target] METHOD URL [BODY | @FILE]   e.g. npm run sign -- GET http://127.0.0.1:4010/v1/sandbox/card-accounts'
const DEV_IDENTITY_DIR = fileURLToPath(new URL('../.dev-identity/', import.meta.url))

function parseArgs(args: string[]) {
  const requestTarget = args[0] === '--request-target'
  const [method, target, bodyArgument] = requestTarget ? args.slice(1) : args
  if (method === undefined || target === undefined) throw new UsageError(USAGE)
  if (!HTTP_METHOD.test(method))
    throw new UsageError(`not an HTTP method: ${JSON.stringify(method)}\n${USAGE}`)
  let url: URL
  try {
    url = new URL(target)
  } catch {
    throw new UsageError(`not a URL: ${target}\n${USAGE}`)
  }
  return { requestTarget, method, url, bodyArgument }
}

async function main() {
  const { requestTarget, method, url, bodyArgument } = parseArgs(process.argv.slice(2))
  const file = bodyArgument?.startsWith('@') ? bodyArgument.slice(1) : undefined
  const body =
    file !== undefined
      ? readFileSync(file)
      : bodyArgument === undefined
        ? undefined
        : Buffer.from(bodyArgument)
  const { TPP_CERT: certPath, TPP_KEY: keyPath, TPP_KEY_PASSPHRASE: passphrase } = process.env
  const identity =
    certPath && keyPath
      ? await loadIdentity({ certPath, keyPath, passphrase })
      : (await loadOrCreateDevIdentity(DEV_IDENTITY_DIR)).identity
  const signer = createNodeRequestSigner({
    ...identity,
    ...(requestTarget ? { signedHeaders: REQUEST_TARGET_SIGNED_HEADERS } : {}),
  })
  const signed = await signer.sign({
    method: method.toUpperCase(),
    url: `${url.pathname}${url.search}`,
    headers: {
      'X-Request-ID': randomUUID(),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: new Uint8Array(body) }),
  })
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
