import { useState } from 'react'
import { type Mode, modeLabels, type RequestLogEntry, useApiClient } from '../../api'
import { curlCommand, proxyCurlCommand, signedCurlCommand } from './curl'

type Copy = 'console' | 'signed' | 'proxy'

/**
 * The request as a curl command. By proxy: to the console's proxy, and as signed upstream. Offline the tab's
 * own sandbox answered it, which no curl can reach: the same request is offered for the proxy instead.
 */
export function CopyAsCurl({ entry, sentIn }: { entry: RequestLogEntry; sentIn?: Mode | undefined }) {
  // A shared link's request keeps the mode it was sent in: opened offline, a proxied one is still proxied.
  const client = useApiClient()
  const mode = sentIn ?? client.mode
  const [copied, setCopied] = useState<Copy>()
  const copy = async (which: Copy, command: string) => {
    await navigator.clipboard.writeText(command)
    setCopied(which)
  }
  if (mode === 'offline') {
    return (
      <div className="curl-offline">
        <p className="note">
          Answered inside this tab by the in-browser sandbox: a curl command cannot reach it, and this tab's
          data is not on any server. The same request can go to the console's proxy (<code>npm start</code>,
          then {modeLabels.proxy}), where the sandbox behind the proxy answers with its own data.
        </p>
        <p>
          <button type="button" onClick={() => copy('proxy', proxyCurlCommand(entry, location.origin))}>
            {copied === 'proxy' ? 'Copied' : 'Copy as curl for Proxy mode'}
          </button>{' '}
          <span className="muted">(to {location.origin}/api with npm start running; the proxy signs it)</span>
        </p>
      </div>
    )
  }
  const signed = signedCurlCommand(entry)
  return (
    <p>
      <button type="button" onClick={() => copy('console', curlCommand(entry, location.origin))}>
        {copied === 'console' ? 'Copied' : 'Copy as curl'}
      </button>
      {signed ? (
        <>
          {' '}
          <button type="button" onClick={() => copy('signed', signed)}>
            {copied === 'signed' ? 'Copied' : 'Copy signed request as curl'}
          </button>{' '}
          <span className="muted">
            (to the upstream, as the proxy sent it: a replay, which our sandboxes refuse for 5 minutes as they
            refuse any X-Request-ID used; Copy as curl sends a new one)
          </span>
        </>
      ) : null}
    </p>
  )
}
