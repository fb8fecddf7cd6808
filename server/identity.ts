import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import {
  type Certificate,
  CertificateError,
  parseCertificate,
  SigningError,
  signRsaSha256,
  verifyRsaSha256,
} from '../src/signing'
import { loadPrivateKey } from '../src/signing/node/load-private-key'

/** What the proxy signs with. The key is a non-extractable CryptoKey: it cannot be exported, logged or sent. */
export interface SigningIdentity {
  privateKey: CryptoKey
  certificate: Certificate
}

/** A start-up problem with the TPP identity, worded for the console; nothing secret is in the message. */
export class IdentityError extends Error {}

export interface IdentityFiles {
  certPath: string
  keyPath: string
  passphrase?: string | undefined
  /** A file holding the passphrase, read once here; one trailing line break is not part of it. */
  passphraseFile?: string | undefined
  /** Asks for the passphrase of an encrypted key when none is given: a terminal's prompt without echo. */
  askPassphrase?: ((question: string) => Promise<string>) | undefined
}

interface IdentityNames {
  cert: string
  key: string
  passphrase: string
  passphraseFile: string
}

const MIN_KEY_BITS = 2048

/**
 * Loads a TPP certificate and private key from PEM files and proves they belong together (a probe signed
 * with the key must verify with the certificate), so that every configuration mistake shows at start-up
 * instead of as a 401 from the bank on the first request.
 */
export async function loadIdentity(
  { certPath, keyPath, passphrase, passphraseFile, askPassphrase }: IdentityFiles,
  names: IdentityNames = {
    cert: 'TPP_CERT',
    key: 'TPP_KEY',
    passphrase: 'TPP_KEY_PASSPHRASE',
    passphraseFile: 'TPP_KEY_PASSPHRASE_FILE',
  },
): Promise<SigningIdentity> {
  const certificate = await readCertificate(certPath, names.cert)
  const keyPem = await readText(keyPath, names.key)
  const encrypted = /ENCRYPTED/.test(keyPem)
  let given =
    passphraseFile === undefined
      ? passphrase
      : (await readText(passphraseFile, names.passphraseFile)).replace(/\r?\n$/, '')
  let source = passphraseFile === undefined ? names.passphrase : `${names.passphraseFile} (${passphraseFile})`
  if (encrypted && given === undefined) {
    if (askPassphrase === undefined) {
      throw new IdentityError(
        `${names.key} (${keyPath}) is encrypted: set ${names.passphraseFile} to a file holding its passphrase ` +
          `(or ${names.passphrase}), or start in a terminal to be asked for it`,
      )
    }
    given = await askPassphrase(`Passphrase for ${names.key} (${keyPath}): `)
    source = 'The passphrase typed'
  }
  let privateKey: CryptoKey
  try {
    privateKey = await loadPrivateKey(keyPem, encrypted ? given : undefined)
  } catch (error) {
    if (!(error instanceof SigningError)) throw error
    // OpenSSL's message for a wrong passphrase is only "bad decrypt"; say what it means.
    if (encrypted) throw new IdentityError(`${source} does not decrypt ${names.key} (${keyPath})`)
    throw new IdentityError(`${names.key} (${keyPath}) is not a usable private key: ${error.message}`)
  }
  const keyBits = (privateKey.algorithm as RsaHashedKeyAlgorithm).modulusLength
  if (keyBits < MIN_KEY_BITS) {
    throw new IdentityError(
      `${names.key} (${keyPath}) is a ${keyBits}-bit RSA key; at least ${MIN_KEY_BITS} bits are required`,
    )
  }
  const probe = `key check ${crypto.randomUUID()}`
  if (!(await verifyRsaSha256(certificate.publicKey, probe, await signRsaSha256(privateKey, probe)))) {
    throw new IdentityError(
      `${names.key} (${keyPath}) does not belong to ${names.cert} (${certPath}): ` +
        `a signature made with the key does not verify with the certificate (${certificate.subjectDn})`,
    )
  }
  return { privateKey, certificate }
}

/** The certificate in `path` (set by the variable `name`), refused unless it is valid now. */
async function readCertificate(path: string, name: string): Promise<Certificate> {
  const pem = await readText(path, name)
  let certificate: Certificate
  try {
    certificate = await parseCertificate(pem)
  } catch (error) {
    if (!(error instanceof CertificateError)) throw error
    throw new IdentityError(`${name} (${path}) is not a usable certificate: ${error.message}`)
  }
  const now = new Date()
  if (now > certificate.notAfter) {
    throw new IdentityError(`${name} (${path}) expired at ${certificate.notAfter.toISOString()}`)
  }
  if (now < certificate.notBefore) {
    throw new IdentityError(`${name} (${path}) is not valid before ${certificate.notBefore.toISOString()}`)
  }
  return certificate
}

async function readText(path: string, name: string): Promise<string> {
  try {
    return await readFile(path, 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    const why = code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : code
    throw new IdentityError(`${name}: cannot read ${path} (${why ?? String(error)})`)
  }
}

export interface DevIdentity {
  identity: SigningIdentity
  /** The development CA: the local upstream trusts certificates it issued and no others. */
  ca: Certificate
  /** Set when this start generated the files: why (first start, or what was wrong with the old ones). */
  generatedBecause?: string
}

const DEV_FILES = { ca: 'ca-cert.pem', cert: 'tpp-cert.pem', key: 'tpp-key.pem' }

/**
 * The development CA and TPP certificate in `dir` (git-ignored), generated on first use and reused
 * afterwards so the certificate a developer sees in the inspector stays the same between starts. Files
 * that are missing, unreadable or expired are replaced with a fresh identity.
 */
export async function loadOrCreateDevIdentity(dir: string): Promise<DevIdentity> {
  const paths = {
    ca: join(dir, DEV_FILES.ca),
    cert: join(dir, DEV_FILES.cert),
    key: join(dir, DEV_FILES.key),
  }
  const names = { cert: paths.cert, key: paths.key, passphrase: '', passphraseFile: '' }
  let generatedBecause = 'first start'
  try {
    const ca = await parseCertificate(await readFile(paths.ca, 'utf8'))
    return { identity: await loadIdentity({ certPath: paths.cert, keyPath: paths.key }, names), ca }
  } catch (error) {
    if (!(error instanceof IdentityError) && !(error instanceof CertificateError) && !isNotFound(error)) {
      throw error
    }
    if (!isNotFound(error)) generatedBecause = `replacing the previous one: ${(error as Error).message}`
  }
  // Loaded only to generate: the certificate builder (@peculiar/x509) is a tenth of a start's CPU time.
  const { generateDevIdentity } = await import('../src/signing/dev-identity')
  const generated = await generateDevIdentity({
    commonName: 'Sandbox Console local TPP (development)',
    organization: 'Sandbox Console',
  })
  await mkdir(dir, { recursive: true, mode: 0o700 })
  await writeFile(paths.ca, generated.caCertificatePem)
  await writeFile(paths.cert, generated.certificatePem)
  await writeFile(paths.key, generated.privateKeyPem, { mode: 0o600 })
  await chmod(paths.key, 0o600)
  const identity = await loadIdentity({ certPath: paths.cert, keyPath: paths.key }, names)
  return { identity, ca: await parseCertificate(generated.caCertificatePem), generatedBecause }
}

function isNotFound(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT'
}
