import { type ConsoleTrace, headerNames } from '../contract'
import { decodeConsoleTrace } from '../signing/console-trace'
import type { SigningInfo } from './request-signer'

export interface UpstreamRequest {
  url: string
  headers: [string, string][]
  signing: SigningInfo
}

/**
 * The proxy's account of the request it signed and forwarded, and of the `_links` it mapped in the answer;
 * undefined when absent or unreadable.
 */
export function readConsoleTrace(
  headers: Headers,
): { request: UpstreamRequest; links: ConsoleTrace['links'] } | undefined {
  const trace = decodeConsoleTrace(headers.get(headerNames.consoleTrace))
  return (
    trace && {
      request: {
        url: trace.upstream,
        headers: Object.entries(trace.requestHeaders),
        signing: { signingString: trace.signingString, keyId: trace.keyId },
      },
      links: trace.links,
    }
  )
}

/**
 * The answer as the upstream sent it, rebuilt from the one the proxy relayed and its record of the `_links`
 * hrefs it mapped to /api; undefined when the proxy kept no record, or the text is not the one it edited.
 */
export function upstreamAnswerOf(links: ConsoleTrace['links'], relayed: string): string | undefined {
  if (links?.edits === undefined) return undefined
  let text = relayed
  for (const edit of [...links.edits].reverse()) {
    if (text.slice(edit.at, edit.at + edit.relayed.length) !== edit.relayed) return undefined
    text = `${text.slice(0, edit.at)}${edit.upstream}${text.slice(edit.at + edit.relayed.length)}`
  }
  return text
}
