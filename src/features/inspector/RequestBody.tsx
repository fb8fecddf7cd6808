import { type Mode, preview, type RequestLogEntry, useApiClient, type Verification } from '../../api'
import { CopyAsCurl } from './CopyAsCurl'
import { prettyJson } from './pretty-json'

/**
 * A request as it went over the wire: its headers, signature and verdict, bodies, and a curl to repeat it.
 * `sentIn` is the mode it was sent in when that is not this console's (a shared link's request).
 */
export function RequestBody({ entry, sentIn }: { entry: RequestLogEntry; sentIn?: Mode | undefined }) {
  const { verification } = entry
  const client = useApiClient()
  const mode = sentIn ?? client.mode
  return (
    <div className="request-body">
      <CopyAsCurl entry={entry} sentIn={sentIn} />
      <Headers title="Request headers (as sent)" headers={entry.requestHeaders} verification={verification} />
      {entry.upstream ? (
        <>
          <h3>
            {mode === 'offline'
              ? 'Signed by the in-browser sandbox, as the proxy signs'
              : 'Forwarded by the proxy'}
          </h3>
          <p>
            <code>{entry.upstream.url}</code>
          </p>
          <Headers
            title="Headers as sent upstream"
            headers={entry.upstream.headers}
            verification={verification}
          />
        </>
      ) : null}
      {entry.signing ? (
        <>
          <h3>Signing</h3>
          <p>
            keyId <code>{entry.signing.keyId}</code>
          </p>
          <pre>{entry.signing.signingString}</pre>
        </>
      ) : null}
      {verification ? <Verdict verification={verification} /> : null}
      {entry.requestBody !== undefined ? <Body title="Request body" body={entry.requestBody} /> : null}
      {entry.failure ? <p className="field-error">{entry.failure}</p> : null}
      {entry.status !== undefined ? (
        <Headers title={`Response ${entry.status} headers`} headers={entry.responseHeaders} />
      ) : null}
      {entry.responseBody !== undefined ? <Body title="Response body" body={entry.responseBody} /> : null}
      {entry.linksMapped ? <UpstreamAnswer {...entry.linksMapped} /> : null}
    </div>
  )
}

/** Proxy mode: the answer before the proxy mapped its `_links` hrefs onto /api (docs/decisions.md#links-through-the-proxy). */
function UpstreamAnswer({ count, upstreamBody }: NonNullable<RequestLogEntry['linksMapped']>) {
  const mapped = `the proxy mapped ${count} _links ${count === 1 ? 'href' : 'hrefs'} onto /api`
  return upstreamBody === undefined ? (
    <p className="hint">
      In the body above {mapped}; its record of them was too large to come with the answer, so the body as the
      upstream sent it cannot be shown.
    </p>
  ) : (
    <Body title={`Response body as the upstream sent it: ${mapped} in the one above`} body={upstreamBody} />
  )
}

function Verdict({ verification }: { verification: Verification }) {
  return (
    <>
      <h3>Verification</h3>
      {verification.verified ? (
        <p className="verdict ok">✓ {verification.text}</p>
      ) : (
        <p className="verdict bad">
          ✗ Refused: <code>{verification.code}</code>
          {verification.part ? (
            <>
              {' '}
              at <code>{verification.part}</code>
            </>
          ) : null}{' '}
          — {verification.text}
        </p>
      )}
    </>
  )
}

/** A refusal names the header at fault; that row says so, in words and not only in colour. */
/** Past this a header (the proxy's multi-KB X-Console-Trace) is folded, so the others stay readable. */
const LONG_HEADER = 1000

function Headers({
  title,
  headers,
  verification,
}: {
  title: string
  headers: [string, string][]
  verification?: Verification | undefined
}) {
  const atFault = verification && !verification.verified ? verification.part?.toLowerCase() : undefined
  return (
    <>
      <h3>{title}</h3>
      <dl className="headers">
        {headers.map(([name, value]) => {
          const faulty = name.toLowerCase() === atFault
          return (
            <div key={name} className={faulty ? 'at-fault' : undefined}>
              <dt>{name}</dt>
              <dd>
                {value.length > LONG_HEADER ? (
                  <details className="long-header">
                    <summary>
                      {value.slice(0, 120)}… ({value.length.toLocaleString('en')} characters)
                    </summary>
                    {value}
                  </details>
                ) : (
                  value
                )}
                {faulty ? <strong className="fault-note"> ← did not verify</strong> : null}
              </dd>
            </div>
          )
        })}
      </dl>
    </>
  )
}

function Body({ title, body }: { title: string; body: string }) {
  return (
    <>
      <h3>{title}</h3>
      <pre>{preview(prettyJson(body))}</pre>
    </>
  )
}
