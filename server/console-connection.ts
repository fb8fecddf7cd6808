import { createHash } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { CONSOLE_CONNECTION_PATH, type ConsoleConnection, problem } from '../src/contract'
import type { Certificate } from '../src/signing'
import { sendProblem, setHeaders } from './problem-response'

export { CONSOLE_CONNECTION_PATH }

/** What the proxy tells its page about itself: the upstream it signs for, and the certificate it signs with. */
export function consoleConnectionOf({
  baseUrl,
  local,
  consoleOperations,
  certificate,
  dataFile,
  signsRequestTarget,
}: {
  baseUrl: URL
  local: boolean
  consoleOperations: boolean
  certificate: Certificate
  dataFile?: string | undefined
  signsRequestTarget: boolean
}): ConsoleConnection {
  return {
    upstream: baseUrl.href,
    local,
    consoleOperations,
    ...(dataFile === undefined ? {} : { dataFile }),
    signsRequestTarget,
    certificate: {
      subject: certificate.subjectDn,
      serial: certificate.serialHex,
      issuer: certificate.issuerDn,
      notBefore: certificate.notBefore.toISOString(),
      notAfter: certificate.notAfter.toISOString(),
    },
  }
}

/**
 * What the proxy puts on every answer of its /api and /console/* routes (headerNames.consoleConnection): a
 * fingerprint of the sandbox its connection describes, so a page open across a restart onto another
 * upstream, personality or data file learns it from its next answer and reads everything again. The local
 * sandbox's port is new at each start while its data file keeps its accounts: with a file, the port is
 * not part of it (as the account book's key, docs/decisions.md#account-book). A hash, not the connection:
 * a refusal carries it too, and it names nothing.
 */
export function connectionTagOf(connection: ConsoleConnection): string {
  const { upstream, ...sameAcrossStarts } = connection
  const sandbox = connection.local && connection.dataFile !== undefined ? sameAcrossStarts : connection
  return createHash('sha256').update(JSON.stringify(sandbox)).digest('base64url').slice(0, 16)
}

/**
 * Answers `GET /console/connection`. The caller has already applied /api's rules (same origin, Host, the
 * console token): the answer names no secret, but which bank a developer works with is theirs to know.
 */
export function answerConnection(
  req: IncomingMessage,
  res: ServerResponse,
  connection: ConsoleConnection | undefined,
): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    const text = `${req.method} is not allowed on ${CONSOLE_CONNECTION_PATH}; allowed: GET, HEAD`
    sendProblem(req, res, problem(405, 'SERVICE_INVALID', text), { allow: 'GET, HEAD' })
    return
  }
  if (connection === undefined) {
    const text = 'This console was started without a connection to describe'
    sendProblem(req, res, problem(404, 'RESOURCE_UNKNOWN', text))
    return
  }
  const body = JSON.stringify(connection)
  setHeaders(res, {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(body)),
    'cache-control': 'no-store',
  })
  res.writeHead(200)
  res.end(req.method === 'HEAD' ? undefined : body)
}
