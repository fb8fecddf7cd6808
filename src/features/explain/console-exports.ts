import { API_BASE, headerNames } from '../../contract'
import {
  type DiagnoseOptions,
  type Diagnosis,
  diagnoseRequest,
  type Finding,
  type SuspectRequest,
} from '../../signing/diagnosis'
import { parseSignatureHeader } from '../../signing/signature-header'
import { REDACTED } from '../share'

/** What the console's own HAR export names as its creator (src/features/share/har.ts). */
export const CONSOLE_HAR_CREATOR = 'Sandbox Console'

/**
 * A request judged as the sandbox the console talks to would judge it, with what Explain read differently
 * or could not check said in words (`information`): never as a finding, which would send the reader
 * looking for a mistake that is not there.
 */
export interface Explanation {
  request: SuspectRequest
  /** The clock the Date and the certificate were judged against. */
  judgedAt: Date
  information: string[]
  /**
   * Undefined when there is nothing signed to judge: a request for the console's proxy, which signs it.
   * Its findings are those that stand: those only a redacted value caused are left out.
   */
  diagnosis?: Diagnosis
  /** The sandbox refuses it only because of values redacted in the export: it cannot be verified. */
  unverifiable: boolean
}

const lower = (name: string) => name.toLowerCase()
const has = (request: SuspectRequest, name: string) =>
  request.headers.some(([key]) => lower(key) === lower(name))

/**
 * Offline, a browser may not set `Date`, so the console carries the Date it signed in `X-Console-Date` and
 * the in-browser sandbox puts it back before verifying (src/sandbox-http/signature-check.ts): Explain does
 * the same with the console's own offline exports.
 */
function withConsoleDate(request: SuspectRequest): { request: SuspectRequest; information: string[] } {
  if (has(request, 'date') || !has(request, headerNames.consoleDate)) return { request, information: [] }
  return {
    request: {
      ...request,
      headers: request.headers.map(([name, value]) =>
        lower(name) === lower(headerNames.consoleDate) ? ['Date', value] : [name, value],
      ),
    },
    information: [
      `Read ${headerNames.consoleDate} as Date: offline, the console signs a Date that a browser may not send, carries it in ${headerNames.consoleDate}, and the in-browser sandbox puts it back before verifying, as Explain did here`,
    ],
  }
}

/** "Copy as curl" and the offline copy for Proxy mode go to the console's proxy, which signs them itself. */
const isForTheProxy = (request: SuspectRequest) =>
  !has(request, headerNames.signature) && (request.url === API_BASE || request.url.startsWith(`${API_BASE}/`))

/**
 * A HAR exported with redaction blanks the Signature's own value (src/features/share/har.ts): a placeholder
 * of the right form lets every other part of the signature (its header list, keyId, Date, Digest) be judged.
 */
const REDACTED_SIGNATURE_VALUE = `signature="${REDACTED}"`
function withSignatureValueRedacted(request: SuspectRequest): { request: SuspectRequest; redacted: boolean } {
  const redacted = request.headers.some(
    ([name, value]) => lower(name) === 'signature' && value.includes(REDACTED_SIGNATURE_VALUE),
  )
  if (!redacted) return { request, redacted }
  return {
    redacted,
    request: {
      ...request,
      headers: request.headers.map(([name, value]) =>
        lower(name) === 'signature'
          ? [name, value.replace(REDACTED_SIGNATURE_VALUE, 'signature="AA=="')]
          : [name, value],
      ),
    },
  }
}

/** Which signed parts hold a value the export redacted: those parts cannot be checked. */
function redactedParts(request: SuspectRequest): { headers: string[]; body: boolean } {
  const signature = request.headers.find(([name]) => lower(name) === 'signature')?.[1]
  const parsed = signature === undefined ? undefined : parseSignatureHeader(signature)
  const listed = parsed?.ok ? parsed.value.headers : []
  const headers = request.headers
    .filter(([name, value]) => value.includes(REDACTED) && listed.includes(lower(name)))
    .map(([name]) => lower(name))
  const body = request.body ? new TextDecoder().decode(request.body).includes(REDACTED) : false
  return { headers, body }
}

export interface ExplainOptions extends DiagnoseOptions {
  /** Judge as of the request's own Date: it was captured earlier. */
  atItsDate?: boolean
  /** The HAR's `log.creator.name`, when the request came from one. */
  harCreator?: string | undefined
}

/** The request read from a file or a paste, explained: see `Explanation`. */
export async function explainRequest(pasted: SuspectRequest, options: ExplainOptions): Promise<Explanation> {
  const { request: dated, information: dateInformation } = withConsoleDate(pasted)
  const { request, redacted: signatureRedacted } = withSignatureValueRedacted(dated)
  const information = [...dateInformation]
  const sentAt = Date.parse(request.headers.find(([name]) => lower(name) === 'date')?.[1] ?? '')
  // The console's HAR is a record of requests sent earlier, each marked stale: judged now, every Date would be.
  const ownHar = options.harCreator === CONSOLE_HAR_CREATOR && !options.atItsDate
  const judgedAt = (options.atItsDate || ownHar) && !Number.isNaN(sentAt) ? new Date(sentAt) : options.now
  if (ownHar && !Number.isNaN(sentAt)) {
    information.push(
      'Judged as of its Date: the console exported this HAR as a record of what it sent; sent again now, its Date would be stale and the sandbox would refuse the repeated X-Request-ID',
    )
  }
  if (isForTheProxy(request)) {
    return {
      request,
      judgedAt,
      information: [
        ...information,
        `This request is addressed to the console's proxy (its path starts with ${API_BASE}/), which signs it before it goes to the bank: it carries no signature to judge. To judge what the bank receives, paste the signed request instead: a HAR from Explain & share → Share… → Export HAR, or, in Proxy mode, the inspector's "Copy signed request as curl"`,
      ],
      unverifiable: false,
    }
  }
  const diagnosis = await diagnoseRequest(request, {
    now: judgedAt,
    ...(options.certificate === undefined ? {} : { certificate: options.certificate }),
  })
  const redacted = redactedParts(request)
  const hidden = (finding: Finding) =>
    (finding.id === 'digest-mismatch' && redacted.body) ||
    (finding.id === 'signature-invalid' && (redacted.headers.length > 0 || signatureRedacted)) ||
    // Which key signed is read from the signature's value, which the export removed.
    ((finding.id === 'certificate-key-mismatch' || finding.id === 'signature-does-not-verify') &&
      signatureRedacted)
  const findings = diagnosis.findings.filter((finding) => !hidden(finding))
  const notes = [
    ...(signatureRedacted
      ? [
          `The signature cannot be verified: redacted. The export replaced the Signature's value with ${REDACTED}, so the file cannot be replayed; everything else it signs was judged`,
        ]
      : []),
    ...(redacted.headers.length > 0
      ? [
          `The signature cannot be verified: redacted. The export replaced the signed ${redacted.headers.join(', ')} with ${REDACTED}, and the signature covers the value that was sent`,
        ]
      : []),
    ...(redacted.body
      ? [
          `The Digest cannot be verified: redacted. The export replaced values of the body with ${REDACTED}, and the Digest covers the bytes that were sent`,
        ]
      : []),
  ]
  const refused = findings.some((finding) => finding.verdict === 'refused')
  return {
    request,
    judgedAt,
    information: [...information, ...notes],
    diagnosis: { ...diagnosis, findings },
    unverifiable: !diagnosis.verdict.ok && !refused && notes.length > 0,
  }
}
