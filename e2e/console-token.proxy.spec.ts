// The console's per-start secret in Chromium: never a cookie or a URL; pasted when the server requires it
// (CONSOLE_TOKEN=required), handed over inside index.html on loopback, and the page never stuck.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startConsoleServer } from '../server/test-support/console-process'
import { expect, test } from './fixtures'
import { openConsole, openHeaderGroup } from './support'

test.describe('with CONSOLE_TOKEN=required', () => {
  test.use({ serverSettings: { CONSOLE_TOKEN: 'required' } })

  test('asks for the printed token, asks again for a wrong one, and sets no cookie', async ({
    page,
    context,
    consoleServer,
  }) => {
    const token = /console token: ([0-9a-f]{48})/.exec(consoleServer?.output() ?? '')?.[1] ?? ''
    expect(token).not.toBe('')
    const conditionsReads: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/console/conditions') conditionsReads.push(request.url())
    })
    await page.goto('/')
    const field = page.getByLabel('Token', { exact: true })
    // Asked with the page's first refusals, not 5 s on at the conditions' next poll: the question's chunk
    // loaded after those answers had come, and the refusals had told no one.
    await expect(field).toBeVisible()
    expect(conditionsReads, 'reads of the conditions before the question').toHaveLength(1)
    await field.fill('0'.repeat(48))
    await page.getByRole('button', { name: 'Use this token' }).click()
    // The reloaded page is refused again: the question comes back rather than a page of 403s.
    await field.fill(token)
    await page.getByRole('button', { name: 'Use this token' }).click()
    await openConsole(page)
    await expect(field).toHaveCount(0)
    expect(await context.cookies()).toEqual([])
    expect(page.url()).not.toContain(token)
  })

  test('an old ?token= URL sets nothing and says to paste the token', async ({ page, context }) => {
    await page.goto(`/?token=${'c0ffee'.repeat(8)}`)
    await expect(page.getByText('paste the token it printed')).toBeVisible()
    expect(await context.cookies()).toEqual([])
  })
})

test('on loopback the page holds the secret itself: no question, and only it gets full signatures', async ({
  page,
}) => {
  await openConsole(page)
  await expect(page.getByLabel('Token', { exact: true })).toHaveCount(0)
  const secret = await page.locator('meta[name="sandbox-console-secret"]').getAttribute('content')
  expect(secret).toMatch(/^[0-9a-f]{48}$/)
  // A local caller without it is served, but the trace withholds the signature.
  const answer = await page.request.get('/api/v1/sandbox/card-accounts')
  const trace = JSON.parse(Buffer.from(answer.headers()['x-console-trace'] ?? '', 'base64url').toString())
  expect(trace.withheld).toContain('X-Console-Secret')
  expect(trace.requestHeaders.Signature).toContain('signature="(withheld)"')
  const full = await page.request.get('/api/v1/sandbox/card-accounts', {
    headers: { 'x-console-secret': secret ?? '' },
  })
  const fullTrace = JSON.parse(Buffer.from(full.headers()['x-console-trace'] ?? '', 'base64url').toString())
  expect(fullTrace.requestHeaders.Signature).toMatch(/signature="[A-Za-z0-9+/]{40,}/)
})

// Only the sandbox check needs the secret on loopback. A tester restarted npm start under an open page:
// the check was refused and the page asked for a token its terminal had never printed.
test('on loopback a page from before a restart gets the new secret itself: the sandbox check runs', async ({
  page,
}) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-token-restart-'))
  try {
    let server = await startConsoleServer({ SANDBOX_DATA: dataDir })
    const port = new URL(server.url).port
    try {
      await page.goto(server.url)
      await expect(page.getByRole('heading', { name: 'Card accounts', exact: true })).toBeVisible()
    } finally {
      await server.stop()
    }
    server = await startConsoleServer({ SANDBOX_DATA: dataDir, PORT: port })
    try {
      expect(server.output()).not.toContain('console token:')
      await openHeaderGroup(page, 'Settings')
      await page.getByRole('banner').getByRole('button', { name: 'Connection' }).click()
      const check = page
        .getByRole('dialog', { name: 'Connection' })
        .getByRole('region', { name: 'Check this sandbox' })
      await check.getByRole('button', { name: 'Check this sandbox…' }).click()
      await check.getByRole('button', { name: 'Start the check' }).click()
      await expect(check.getByRole('table', { name: /^This bank beside the offline sandbox/ })).toBeVisible()
      await expect(page.getByLabel('Token', { exact: true })).toHaveCount(0)
    } finally {
      await server.stop()
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
})
