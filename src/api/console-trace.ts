import { headerNames } from '../contract'
import { decodeConsoleTrace } from '../signing/console-trace'
import type { SigningInfo } from './request-signer'

export interface UpstreamRequest {
  url: string
  headers: [string, string][]
  signing: SigningInfo
}

/** The proxy's account of the request it signed and forwarded; undefined when absent or unreadable. */
export function readConsoleTrace(headers: Headers): UpstreamRequest | undefined {
  const trace = decodeConsoleTrace(headers.get(headerNames.consoleTrace))
  return (
    trace && {
      url: trace.upstream,
      headers: Object.entries(trace.requestHeaders),
      signing: { signingString: trace.signingString, keyId: trace.keyId },
    }
  )
}
