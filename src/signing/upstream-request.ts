import { type ConsoleTrace, headerNames } from '../contract'
import type { HeaderRecord } from './headers'
import type { HttpRequestParts } from './request'
import type { RequestSigner } from './signer'
import { signingOptionsFor, tamperSignedHeaders } from './tamper'
import { isTamperScenario } from './tamper-scenarios'

const SIGNATURE_WITHHELD =
  "The Signature's value is withheld: it would be accepted upstream as the TPP's until its Date is stale. " +
  "Only the console's page gets it, sending the per-start secret as X-Console-Secret (docs/security.md)."

export interface UpstreamRequestInput {
  /** The TPP's signer, and the request it signs: the path and query as sent upstream. */
  sign: RequestSigner['sign']
  request: HttpRequestParts
  /** The console's X-Console-Tamper value, if any: one known way to spoil the signed request. */
  tamper: string | null | undefined
  /** Origin, path and query the request goes to. */
  upstream: string
  /** The Host and Content-Length the way there sends, shown in the trace as sent; none in the browser. */
  host?: string
  contentLength?: number
  /** Whether the trace may carry the signature's value: only for the console's own page. */
  fullTrace: boolean
}

/**
 * The request signed as it goes upstream, spoiled as the Signature switch asks, and the `X-Console-Trace`
 * that tells the console what was sent: one builder for the proxy and for offline mode's stand-in for it
 * (src/sandbox-http/proxy-stand-in.ts), so both sign, spoil and show a request the same way.
 */
export async function signedUpstreamRequest({
  sign,
  request,
  tamper,
  upstream,
  host,
  contentLength,
  fullTrace,
}: UpstreamRequestInput): Promise<{ headers: HeaderRecord; trace: ConsoleTrace }> {
  const signed = await sign(request, signingOptionsFor(tamper))
  const headers: HeaderRecord = {
    ...(host === undefined ? {} : { host }),
    ...(isTamperScenario(tamper) ? tamperSignedHeaders(signed.headers, tamper) : signed.headers),
    ...(contentLength === undefined ? {} : { 'content-length': String(contentLength) }),
  }
  return {
    headers,
    trace: {
      upstream,
      requestHeaders: fullTrace ? headers : withoutSignatureValue(headers),
      signingString: signed.signingString,
      keyId: signed.keyId,
      ...(fullTrace ? {} : { withheld: SIGNATURE_WITHHELD }),
    },
  }
}

/** The headers with the Signature header's `signature="..."` parameter blanked, its other parameters kept. */
function withoutSignatureValue(headers: HeaderRecord): HeaderRecord {
  const name = headerNames.signature.toLowerCase()
  return Object.fromEntries(
    Object.entries(headers).map(([key, value]) => [
      key,
      key.toLowerCase() === name ? withheldValue(value) : value,
    ]),
  )
}

function withheldValue(signature: string): string {
  const parameter = /(^|,)\s*signature="[^"]*"/i
  return parameter.test(signature) ? signature.replace(parameter, '$1signature="(withheld)"') : '(withheld)'
}
