// What `npm run sandbox` reads from its environment and says when it starts.
import { readFile } from 'node:fs/promises'
import { basename } from 'node:path'
import { OPENAPI_PATH, pathTo } from '../src/contract'
import { bankProfileFile } from '../src/contract/bank-profile'
import type { StoreCaps } from '../src/sandbox'
import {
  isPersonalityName,
  type Personality,
  personalities,
  personalityOf,
  profileSummary,
  UnservableProfile,
} from '../src/sandbox-http/personality'
import { CertificateError, parseCertificate } from '../src/signing'
import { ConfigError, personalityName, readStoreCaps } from './config'
import type { SignatureChecks } from './sandbox-service'

export interface StandaloneSettings {
  port: number
  maxBodyBytes: number
  storeCaps: StoreCaps
  personality: Personality
  signatures: SignatureChecks
  /** The file SANDBOX_TRUSTED_CA named, for the banner. */
  trustedCaPath?: string
}

/**
 * PORT (4010), SANDBOX_MAX_BODY_BYTES (16 MiB), the caps on stored transactions (`readStoreCaps`),
 * SANDBOX_PERSONALITY (console; a personality's name or the path of a bank profile file), SANDBOX_TRUSTED_CA (a CA
 * certificate PEM file: only certificates it issued are trusted) and SANDBOX_SIGNATURES (`off` answers
 * unsigned requests; anything but `on` or unset is refused, so a typo never turns checking off).
 */
export async function readStandaloneSettings(
  env: Record<string, string | undefined>,
): Promise<StandaloneSettings> {
  const port = Number(env.PORT ?? 4010)
  const maxBodyBytes = Number(env.SANDBOX_MAX_BODY_BYTES ?? 16 * 1024 * 1024)
  const storeCaps = readStoreCaps(env)
  const personality = await personalitySetting(env.SANDBOX_PERSONALITY?.trim() || undefined)
  const switchSetting = env.SANDBOX_SIGNATURES?.trim() || 'on'
  if (switchSetting !== 'on' && switchSetting !== 'off') {
    throw new ConfigError(`SANDBOX_SIGNATURES must be "off" (or "on", the default), not "${switchSetting}"`)
  }
  const trustedCaPath = env.SANDBOX_TRUSTED_CA?.trim() || undefined
  if (switchSetting === 'off') {
    if (trustedCaPath !== undefined) {
      throw new ConfigError(
        'SANDBOX_TRUSTED_CA pins the CA of checked signatures: drop it or SANDBOX_SIGNATURES=off',
      )
    }
    return { port, maxBodyBytes, storeCaps, personality, signatures: { kind: 'off' } }
  }
  if (trustedCaPath === undefined) {
    return { port, maxBodyBytes, storeCaps, personality, signatures: { kind: 'verify' } }
  }
  return {
    port,
    maxBodyBytes,
    storeCaps,
    personality,
    signatures: { kind: 'verify', trustedCa: await readCa(trustedCaPath) },
    trustedCaPath,
  }
}

/**
 * A personality's name, or a path (it holds a `/` or ends in `.json`) to a bank profile file
 * (src/contract/bank-profile.ts), such as one `npm run probe` wrote.
 */
async function personalitySetting(value: string | undefined): Promise<Personality> {
  if (value === undefined || isPersonalityName(value) || !/[/\\]|\.json$/i.test(value)) {
    return personalities[personalityName(value)]
  }
  let text: string
  try {
    text = await readFile(value, 'utf8')
  } catch (error) {
    throw new ConfigError(
      `SANDBOX_PERSONALITY: cannot read ${value} (${(error as NodeJS.ErrnoException).code})`,
    )
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new ConfigError(`SANDBOX_PERSONALITY: ${value} is not JSON`)
  }
  const parsed = bankProfileFile.safeParse(json)
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(file)'}: ${issue.message}`)
    throw new ConfigError(`SANDBOX_PERSONALITY: ${value} is not a bank profile: ${issues.join('; ')}`)
  }
  const { traits } = parsed.data
  try {
    return personalityOf(`profile ${basename(value)}`, profileSummary(traits), traits)
  } catch (error) {
    if (!(error instanceof UnservableProfile)) throw error
    throw new ConfigError(`SANDBOX_PERSONALITY: ${value}: ${error.message}`)
  }
}

async function readCa(path: string) {
  let pem: string
  try {
    pem = await readFile(path, 'utf8')
  } catch (error) {
    throw new ConfigError(
      `SANDBOX_TRUSTED_CA: cannot read ${path} (${(error as NodeJS.ErrnoException).code})`,
    )
  }
  try {
    return await parseCertificate(pem)
  } catch (error) {
    if (!(error instanceof CertificateError)) throw error
    throw new ConfigError(`SANDBOX_TRUSTED_CA (${path}) is not a usable certificate: ${error.message}`)
  }
}

/** The start-up lines: where it listens, what it checks, and a request to copy. */
export function standaloneBanner(settings: StandaloneSettings, origin: string): string[] {
  const { personality, signatures } = settings
  const base = `${origin}${personality.basePath}`
  // A first request that works in this personality: the platform's has no account list to read.
  const example = personality.offers.includes('listCardAccounts')
    ? { method: 'GET', url: `${base}${pathTo('listCardAccounts')}`, file: undefined }
    : { method: 'POST', url: `${base}${pathTo('createCardAccount')}`, file: PLATFORM_EXAMPLE }
  const lines = [`Sandbox listening on ${base} (personality ${personality.name}: ${personality.summary})`]
  if (signatures.kind === 'off') {
    const body =
      example.file === undefined ? '' : ` -H 'Content-Type: application/json' --data-binary @${example.file}`
    lines.push(
      '  signatures: NOT checked (SANDBOX_SIGNATURES=off): unsigned requests are answered, unlike the bank',
      `  try: curl -X ${example.method} ${example.url} -H "X-Request-ID: $(cat /proc/sys/kernel/random/uuid)"${body}`,
    )
  } else {
    lines.push(
      signatures.trustedCa === undefined
        ? '  signatures: checked like the bank; any well-formed certificate whose key verifies and whose serial ' +
            'and issuer match the keyId (SANDBOX_TRUSTED_CA=<ca.pem> pins a CA; SANDBOX_SIGNATURES=off for plain curl)'
        : `  signatures: checked like the bank; only certificates issued by ${signatures.trustedCa.subjectDn} ` +
            `(SANDBOX_TRUSTED_CA=${settings.trustedCaPath})`,
      `  a signed request: npm run sign -- ${example.method} ${example.url}${example.file === undefined ? '' : ` @${example.file}`}`,
      '    (prints a curl command signed with .dev-identity/, or TPP_CERT and TPP_KEY when set: send it once, within 5 minutes)',
    )
  }
  lines.push(`  the operation as OpenAPI 3.1: ${base}${OPENAPI_PATH}`)
  return lines
}

/** The platform's example account, a body the platform personality takes as it is. */
const PLATFORM_EXAMPLE = 'src/test/platform/card-account-create.json'
