import { type Certificate, CertificateError, parseCertificate } from '../certificate'
import { type Finding, finding } from './finding'

export interface CertificateReading {
  /** The certificate the request's checks use: the header's, or the pasted one when the header has none. */
  certificate?: Certificate
  source?: 'request' | 'pasted'
  /** The pasted certificate, when it differs from the header's: it may be the one whose key signed. */
  otherCandidate?: Certificate
  findings: Finding[]
}

const PEM_ARMOUR = /-----(BEGIN|END) [A-Z ]+-----/g

/** TPP-Signature-Certificate, or the pasted certificate when the request has none. */
export async function readCertificate(
  header: string | undefined,
  pasted: string | undefined,
): Promise<CertificateReading> {
  const findings: Finding[] = []
  const pastedCertificate = await readPasted(pasted, findings)
  const fromPaste = (): CertificateReading =>
    pastedCertificate ? { certificate: pastedCertificate, source: 'pasted', findings } : { findings }
  if (header === undefined || header.trim() === '') {
    findings.push(
      finding(
        'certificate-missing',
        'refused',
        'The TPP-Signature-Certificate header is missing',
        pastedCertificate
          ? 'The bank needs the signing certificate in every request; the pasted certificate was used for the rest of this diagnosis.'
          : 'The bank needs the signing certificate in every request. Paste the certificate below to have the signature checked.',
        'Send the certificate as TPP-Signature-Certificate: <base64 DER, on one line, without PEM lines>.',
      ),
    )
    return fromPaste()
  }
  const reading = await readHeader(header, findings)
  if (!reading.ok) {
    findings.push(reading.finding)
    return fromPaste()
  }
  const differs =
    pastedCertificate && pastedCertificate.base64Der !== reading.certificate.base64Der
      ? pastedCertificate
      : undefined
  if (differs) {
    findings.push(
      finding(
        'certificate-differs',
        'note',
        'The pasted certificate is not the one in the request',
        'The diagnosis judges the request with the certificate it carries, as the bank does.',
        'Clear the pasted certificate, or send the pasted one if that is the one whose key signs.',
      ),
    )
  }
  return {
    certificate: reading.certificate,
    source: 'request',
    ...(differs ? { otherCandidate: differs } : {}),
    findings,
  }
}

/** The pasted certificate, if one was pasted and reads; one that does not is noted in `findings`, and left out. */
async function readPasted(pasted: string | undefined, findings: Finding[]): Promise<Certificate | undefined> {
  if (!pasted?.trim()) return undefined
  const reading = await tryParse(pasted)
  if (reading.ok) return reading.certificate
  findings.push(
    finding(
      'certificate-invalid',
      'note',
      'The pasted certificate cannot be read',
      `It was left out of the diagnosis: ${reading.reason}.`,
      'Paste the certificate as PEM or as base64 DER.',
    ),
  )
  return undefined
}

/** The header's certificate; PEM armour is refused in `findings` and read through, so the rest can be judged. */
async function readHeader(header: string, findings: Finding[]): Promise<Reading> {
  if (!header.includes('-----BEGIN')) return tryParse(header.trim())
  findings.push(
    finding(
      'certificate-pem',
      'refused',
      'The certificate is in PEM armour instead of base64 DER',
      'TPP-Signature-Certificate holds the base64 of the DER certificate alone: no -----BEGIN CERTIFICATE----- and -----END CERTIFICATE----- lines and no line breaks.',
      'Send only the base64 between the PEM lines, joined on one line.',
    ),
  )
  return tryParse(header.replace(PEM_ARMOUR, '').replace(/\s+|\\n/g, ''))
}

type Reading = { ok: true; certificate: Certificate } | { ok: false; reason: string; finding: Finding }

async function tryParse(text: string): Promise<Reading> {
  try {
    return { ok: true, certificate: await parseCertificate(text) }
  } catch (error) {
    if (!(error instanceof CertificateError)) throw error
    const notRsa = /key is (.+), not RSA/.exec(error.message)
    return {
      ok: false,
      reason: error.message,
      finding: notRsa
        ? finding(
            'algorithm-mismatch',
            'refused',
            "The certificate's key is not an RSA key",
            `The Signature says rsa-sha256, the only algorithm the bank takes, but the certificate holds a ${notRsa[1]} key.`,
            'Sign with an RSA key (2048 bits or more) and send its certificate.',
          )
        : finding(
            'certificate-invalid',
            'refused',
            'TPP-Signature-Certificate is not a certificate',
            `It cannot be read: ${error.message}.`,
            'Send the base64 of the DER certificate, on one line.',
          ),
    }
  }
}
