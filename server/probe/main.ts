// `npm run probe -- <base URL> [--customer <number>] [--out <file>] [--compare <saved.json>] [--bad-signatures]`:
// learns a bank's sandbox (server/probe/probe.ts) and prints its profile; with --out writes it, with --compare
// exits 1 when the sandbox no longer behaves as the saved profile says; with --bad-signatures also sends the
// two deliberately bad signatures (made with the real TPP key) that settle Date and keyId strictness. Signs with TPP_CERT and TPP_KEY (and
// TPP_KEY_PASSPHRASE_FILE or TPP_KEY_PASSPHRASE) when set, else with the development identity in
// .dev-identity/, as `npm run sign` does.
import { constants } from 'node:fs'
import { access, readFile, writeFile } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { cardAccountCreate, testCustomers } from '../../src/contract'
import { bankProfileFile, bankProfileFileOf } from '../../src/contract/bank-profile'
import { compareTraits } from '../../src/contract/probe'
import { createNodeRequestSigner } from '../../src/signing/node/node-signing-crypto'
import { IdentityError, loadIdentity, loadOrCreateDevIdentity } from '../identity'
import { badSignersOf } from './bad-signatures'
import { probeReport, probeSandbox } from './probe'

const USAGE =
  'usage: npm run probe -- <base URL> [--customer <number>] [--out <file>] [--compare <saved.json>] [--bad-signatures]'
const DEV_IDENTITY_DIR = fileURLToPath(new URL('../../.dev-identity/', import.meta.url))

class UsageError extends Error {}

function parseArgs(args: string[]) {
  const options: { base?: string; out?: string; compare?: string; customer?: string; badSignatures?: true } =
    {}
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string
    if (arg === '--bad-signatures') {
      options.badSignatures = true
      continue
    }
    const flag = { '--out': 'out', '--compare': 'compare', '--customer': 'customer' }[arg] as
      | 'out'
      | 'compare'
      | 'customer'
      | undefined
    if (flag !== undefined) {
      const value = args[++i]
      if (value === undefined) throw new UsageError(`${arg} needs a value\n${USAGE}`)
      options[flag] = value
    } else if (options.base === undefined && !arg.startsWith('--')) options.base = arg
    else throw new UsageError(`unexpected argument ${JSON.stringify(arg)}\n${USAGE}`)
  }
  if (options.base === undefined) throw new UsageError(USAGE)
  let baseUrl: URL
  try {
    baseUrl = new URL(options.base)
  } catch {
    throw new UsageError(`not a URL: ${options.base}\n${USAGE}`)
  }
  return { ...options, baseUrl }
}

async function readSaved(path: string) {
  let json: unknown
  try {
    json = JSON.parse(await readFile(path, 'utf8'))
  } catch (error) {
    throw new UsageError(`--compare ${path}: ${problemOf(error)}; nothing was sent`)
  }
  const parsed = bankProfileFile.safeParse(json)
  if (!parsed.success)
    throw new UsageError(`${path} is not a bank profile: ${parsed.error.issues[0]?.message}`)
  return parsed.data
}

/**
 * What the probe needs settled before it sends anything: each request creates data at the bank or counts
 * against its limits, so a customer number it would refuse, or a file that cannot be written at the end,
 * must not cost them.
 */
async function checkBeforeSending(customer: string, out: string | undefined) {
  const customerNumber = cardAccountCreate.shape.customerNumber.safeParse(customer)
  if (!customerNumber.success) {
    throw new UsageError(
      `--customer ${customer}: ${customerNumber.error.issues[0]?.message}; nothing was sent`,
    )
  }
  if (out === undefined) return
  try {
    await access(dirname(resolve(out)), constants.W_OK)
  } catch (error) {
    throw new UsageError(`--out ${out}: cannot write there (${problemOf(error)}); nothing was sent`)
  }
}

const problemOf = (error: unknown) =>
  (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error))

async function main() {
  const {
    baseUrl,
    out,
    compare,
    customer = testCustomers.private,
    badSignatures,
  } = parseArgs(process.argv.slice(2))
  const saved = compare === undefined ? undefined : await readSaved(compare)
  await checkBeforeSending(customer, out)
  const env = process.env
  const identity =
    env.TPP_CERT && env.TPP_KEY
      ? await loadIdentity({
          certPath: env.TPP_CERT,
          keyPath: env.TPP_KEY,
          passphrase: env.TPP_KEY_PASSPHRASE || undefined,
          passphraseFile: env.TPP_KEY_PASSPHRASE_FILE || undefined,
        })
      : (await loadOrCreateDevIdentity(DEV_IDENTITY_DIR)).identity
  console.log(`  the probe account is created for customer ${customer} (--customer to change)`)
  const result = await probeSandbox({
    baseUrl,
    signer: createNodeRequestSigner(identity),
    customerNumber: customer,
    baseUrlSetting: 'the base URL given',
    log: (line) => console.log(line),
    ...(badSignatures ? { badSigners: badSignersOf(identity) } : {}),
  })
  for (const line of probeReport(result)) console.log(line)
  const file = bankProfileFileOf(result.traits, { source: baseUrl.href, learnedAt: new Date().toISOString() })
  console.log(JSON.stringify(file, null, 2))
  if (out !== undefined) {
    await writeFile(out, `${JSON.stringify(file, null, 2)}\n`)
    console.log(`written to ${out}`)
  }
  if (saved !== undefined) {
    const { changed, notCheckedNow, notCheckedBefore } = compareTraits(saved.traits, result.traits)
    if (changed.length === 0) console.log(`same as ${compare} in every trait both checked`)
    for (const { trait, before, after } of changed) {
      console.log(`changed: ${trait} ${JSON.stringify(before)} -> ${JSON.stringify(after)}`)
    }
    if (notCheckedNow.length > 0) console.log(`not checked this time: ${notCheckedNow.join(', ')}`)
    if (notCheckedBefore.length > 0) console.log(`not checked in ${compare}: ${notCheckedBefore.join(', ')}`)
    if (changed.length > 0) process.exitCode = 1
  }
  if (result.stopped !== undefined) process.exitCode = process.exitCode ?? 2
}

main().catch((error: unknown) => {
  console.error(error instanceof UsageError || error instanceof IdentityError ? error.message : error)
  process.exit(2)
})
