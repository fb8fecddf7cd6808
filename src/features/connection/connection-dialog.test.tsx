import { fireEvent, screen, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import type { ConsoleConnection } from '../../contract'
import { encodeConsoleTrace } from '../../signing/console-trace'
import { apiUrl, proxyAnswers, renderConsole, sandboxForEachTest } from '../../test/render-console'

const { server } = sandboxForEachTest()

const soon = new Date(Date.now() + 10 * 24 * 60 * 60 * 1000)
const connection: ConsoleConnection = {
  upstream: 'https://psd2.example-bank.no/api-sandbox',
  local: false,
  consoleOperations: false,
  signsRequestTarget: false,
  certificate: {
    subject: 'CN=Example TPP,O=Example AS',
    serial: '1A2B3C',
    issuer: 'CN=Example CA',
    notBefore: '2026-01-01T00:00:00.000Z',
    notAfter: soon.toISOString(),
  },
}

const probe = apiUrl('/v1/sandbox/card-accounts/console-connection-test/transactions')

async function openPanel(answer: ConsoleConnection = connection) {
  server.use(...proxyAnswers(answer))
  renderConsole('', 'proxy')
  fireEvent.click(await screen.findByRole('button', { name: 'Settings' }))
  fireEvent.click(await screen.findByRole('button', { name: 'Connection' }))
  // The panel loads on first open.
  return screen.findByRole('dialog', { name: 'Connection' })
}

async function test(panel: HTMLElement): Promise<string> {
  fireEvent.click(within(panel).getByRole('button', { name: 'Test connection' }))
  const result = within(panel).getByRole('status')
  await within(result).findByText(/^[✓✗]/)
  return result.textContent ?? ''
}

describe('the Connection panel', () => {
  it('shows the upstream and the signing certificate, warning before it expires', async () => {
    const panel = await openPanel()
    expect(await within(panel).findByText('https://psd2.example-bank.no/api-sandbox')).toBeDefined()
    expect(within(panel).getByText('CN=Example TPP,O=Example AS')).toBeDefined()
    expect(within(panel).getByText('1A2B3C')).toBeDefined()
    expect(within(panel).getByText('CN=Example CA')).toBeDefined()
    expect(panel.textContent).toMatch(/This certificate expires in (9|10) days/)
  })

  it('says whether the method and path are signed as (request-target)', async () => {
    const off = await openPanel()
    await within(off).findByText('CN=Example TPP,O=Example AS')
    expect(off.textContent).toContain('Method and pathNot signed: a captured signature could be sent again')
    expect(off.textContent).toContain('SIGN_REQUEST_TARGET=1 signs them')
  })

  it('says when the method and path are signed', async () => {
    const on = await openPanel({ ...connection, signsRequestTarget: true })
    await within(on).findByText('CN=Example TPP,O=Example AS')
    expect(on.textContent).toContain('Method and pathSigned as (request-target): a signature cannot be sent')
  })

  it('says where the local sandbox keeps its data', async () => {
    const local = { ...connection, upstream: 'http://127.0.0.1:40123/', local: true }
    const kept = await openPanel({ ...local, dataFile: '/work/.sandbox-data/npm-start-console.json' })
    expect(await within(kept).findByText('/work/.sandbox-data/npm-start-console.json')).toBeDefined()
    expect(kept.textContent).toContain('its data kept in /work/.sandbox-data/npm-start-console.json')
  })

  it('says when the local sandbox keeps its data in memory only', async () => {
    const panel = await openPanel({ ...connection, upstream: 'http://127.0.0.1:40123/', local: true })
    await within(panel).findByText('http://127.0.0.1:40123/')
    expect(panel.textContent).toContain('its data in memory only')
  })

  it("takes the sandbox's 404 for the test id as a connection whose signature was accepted", async () => {
    const panel = await openPanel()
    expect(await test(panel)).toMatch(/^✓ Connected/)
  })

  it('names the failure: a host that does not resolve', async () => {
    server.use(
      http.get(probe, () =>
        HttpResponse.json(
          {
            tppMessages: [
              {
                category: 'ERROR',
                code: 'UPSTREAM_UNREACHABLE',
                text: 'The upstream https://psd2.example-bank.no could not be reached (ENOTFOUND)',
              },
            ],
          },
          { status: 502 },
        ),
      ),
    )
    const panel = await openPanel()
    expect(await test(panel)).toMatch(/^✗ Name not found.*\(ENOTFOUND\)/)
  })

  it("names the failure: a wrong base path, when the upstream's 404 is an HTML page", async () => {
    server.use(
      http.get(
        probe,
        () =>
          new HttpResponse('<html><body>Not Found</body></html>', {
            status: 404,
            // Relayed by the proxy: its trace header says the upstream answered this.
            headers: {
              'content-type': 'text/html',
              'x-console-trace': encodeConsoleTrace({
                upstream:
                  'https://psd2.example-bank.no/v1/sandbox/card-accounts/console-connection-test/transactions',
                requestHeaders: {},
                signingString: '',
                keyId: 'SN=1A2B3C,CA=CN=Example CA',
              }),
            },
          }),
      ),
    )
    const panel = await openPanel()
    expect(await test(panel)).toMatch(/^✗ Wrong base path.*an HTML page/)
  })
})
