import { useMutation } from '@tanstack/react-query'
import { useApiClient, useConnection, type Verdict } from '../../api'
import type { ConsoleConnection } from '../../contract'
import { Dialog } from '../../ui/Dialog'
import { ProbeSection, useProbeRun } from '../probe'
import { useView } from '../view-state'
import { certificateWarning } from './certificate-warning'

/**
 * Proxy mode: where the proxy sends requests and which certificate signs them, and a test that sends one
 * signed read and names what it met, before a first real request fails.
 */
export function ConnectionDialog({ onClose }: { onClose: () => void }) {
  const api = useApiClient()
  const connection = useConnection()
  const [view] = useView()
  // Wide once a check of the sandbox runs: its report is a table of traits with the requests behind them.
  const checking = useProbeRun().phase !== 'idle'
  const test = useMutation<Verdict>({ mutationFn: () => api.testConnection(view.account) })
  const known = connection.data ?? undefined

  return (
    <Dialog help="settings" title="Connection" onClose={onClose} busy={test.isPending} wide={checking}>
      <div className="connection">
        {connection.isPending ? <p className="muted">Asking the proxy…</p> : null}
        {connection.isError ? (
          <p className="form-alert" role="alert">
            The proxy did not say which upstream it serves: {connection.error.message}. Is the console's
            server (npm start) running?
          </p>
        ) : null}
        {known ? <ProxyConnection known={known} /> : null}
        <h3>Test</h3>
        <p className="hint">
          Sends one signed read through the proxy: the transactions of{' '}
          {view.account ? 'the account on screen' : 'an id no sandbox has, which it answers 404'}.
        </p>
        <div role="status" className="test-result">
          {test.data ? <TestResult verdict={test.data} /> : null}
          {test.isError ? <p>The test could not run: {test.error.message}</p> : null}
        </div>
        <ProbeSection />
      </div>
      <footer className="dialog-actions">
        <button type="button" onClick={onClose}>
          Close
        </button>
        {/* Not disabled while it tests: a disabled button drops the focus to the page's body, under the open
            dialog. It keeps the focus, and the status region above says the result. */}
        <button
          type="button"
          className="primary"
          onClick={() => (test.isPending ? undefined : test.mutate())}
          aria-disabled={test.isPending || undefined}
        >
          {test.isPending ? 'Testing…' : 'Test connection'}
        </button>
      </footer>
    </Dialog>
  )
}

/** What the proxy says of itself: where it sends requests, the certificate that signs them, and how. */
function ProxyConnection({ known }: { known: ConsoleConnection }) {
  const warning = certificateWarning(
    new Date(known.certificate.notBefore),
    new Date(known.certificate.notAfter),
  )
  return (
    <>
      <h3>Upstream</h3>
      <p>
        <code>{known.upstream}</code>
        {known.local ? (
          <span className="muted">
            {' '}
            (the local sandbox in the proxy's process, its data{' '}
            {known.dataFile === undefined ? (
              'in memory only'
            ) : (
              <>
                kept in <code>{known.dataFile}</code>
              </>
            )}
            : set SANDBOX_BASE_URL to reach the bank's)
          </span>
        ) : null}
      </p>
      <h3>Signing certificate</h3>
      <dl className="certificate">
        <div>
          <dt>Subject</dt>
          <dd>{known.certificate.subject}</dd>
        </div>
        <div>
          <dt>Serial</dt>
          <dd>
            <code>{known.certificate.serial}</code>
          </dd>
        </div>
        <div>
          <dt>Issuer</dt>
          <dd>{known.certificate.issuer}</dd>
        </div>
        <div>
          <dt>Valid</dt>
          <dd>
            {known.certificate.notBefore.slice(0, 10)} to {known.certificate.notAfter.slice(0, 10)}
          </dd>
        </div>
      </dl>
      {warning ? <p className="warning">{warning}</p> : null}
      <h3>Method and path</h3>
      <p>
        {known.signsRequestTarget ? (
          <>
            Signed as <code>(request-target)</code>: a signature cannot be sent again with another method or
            path.
          </>
        ) : (
          <>
            Not signed: a captured signature could be sent again with another method or path, where the bank
            does not refuse a used X-Request-ID. <code>SIGN_REQUEST_TARGET=1</code> signs them, for a bank
            that accepts <code>(request-target)</code>.
          </>
        )}
      </p>
    </>
  )
}

function TestResult({ verdict }: { verdict: Verdict }) {
  return (
    <div className={verdict.ok ? 'verdict ok' : 'verdict bad'}>
      <strong>
        {verdict.ok ? '✓' : '✗'} {verdict.title}
      </strong>
      <p>{verdict.text}</p>
    </div>
  )
}
