// Share what you see, offline: a copied link reopens the view and its request in a new page, asks before it
// changes the mode or the Signature switch, and the session exports as HAR and as a Postman collection.
import { readFileSync } from 'node:fs'
import type { BrowserContext, Page } from '@playwright/test'
import { personalityLabel } from '../src/contract/personality-names'
import { expect, test } from './fixtures'
import { copyLink, decodedFragment, openShare, withPayload } from './share-support'
import {
  checkScreenInEachTheme,
  createAccount,
  fillTestData,
  openConsole,
  signatureSwitch,
  swapAmounts,
} from './support'

const PSU_ID = '13039319955'

test.beforeEach(async ({ context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
})

/** The questions the browser asks on `page` from now on (their types), each answered Stay (dismissed). */
function browserQuestions(page: Page): string[] {
  const asked: string[] = []
  page.on('dialog', (dialog) => {
    asked.push(dialog.type())
    void dialog.dismiss()
  })
  return asked
}

test('a copied link reopens the view and the request, PSU ids redacted', async ({ page, context }) => {
  await openConsole(page)
  await createAccount(page, { maskedPan: '400000******0042', currency: 'EUR', customerNumber: PSU_ID })
  await page.getByRole('radio', { name: 'both' }).check()
  await (await swapAmounts(page)).check()
  const search = new URL(page.url()).search
  expect(search).toContain('fix=1')

  const link = await copyLink(page, /^POST \/api\/v1\/sandbox\/card-accounts \(201\)$/)
  expect(link).toMatch(/#share=[A-Za-z0-9_-]+$/)
  expect(link).not.toContain(PSU_ID)

  const other = await context.newPage()
  await other.goto(link)
  const shared = other.getByRole('dialog', { name: 'Shared request: POST /api/v1/sandbox/card-accounts' })
  await expect(shared).toContainText('PSU ids and customer numbers are redacted')
  await expect(shared).toContainText('"customerNumber": "[redacted]"')
  await expect(shared).toContainText('Request headers (as sent)')
  await expect(shared).toContainText('Response 201 headers')
  await expect(shared).not.toContainText(PSU_ID)
  await shared.getByRole('button', { name: 'Close' }).click()
  // Opened by the link, not by a button: closed, the focus is in the main area, not lost to the page.
  await expect(other.getByRole('main')).toBeFocused()
  expect(new URL(other.url()).search).toBe(search)
  expect(new URL(other.url()).hash).toBe('')
  await expect(await swapAmounts(other)).toBeChecked()
  await expect(other.getByRole('radio', { name: 'both' })).toBeChecked()
})

test('opening a link made in another mode and Signature names both changes and asks first', async ({
  page,
  context,
}) => {
  await openConsole(page)
  await createAccount(page, { maskedPan: '400000******0042', currency: 'EUR' })
  await (await signatureSwitch(page)).selectOption({ label: 'Stale Date (10 min)' })
  const link = await copyLink(page, 'None')
  const search = new URL(page.url()).search

  const other = await context.newPage()
  await other.goto('/')
  await expect(other.getByRole('heading', { name: 'Card accounts', exact: true })).toBeVisible()
  // This tab in Proxy mode, as a switch leaves it (src/api/mode.ts): its own mode and the last chosen.
  await other.evaluate(() => {
    sessionStorage.setItem('sandbox-console.mode', 'proxy')
    localStorage.setItem('sandbox-console.mode', 'proxy')
  })
  await other.goto(link)
  const ask = other.getByRole('dialog', { name: 'Open the shared view?' })
  // After the reload the rest is set in Offline mode, whose settings this Proxy tab cannot read: each
  // setting the link holds is listed as it will be, none claimed to be "signed correctly" now.
  await expect(ask.getByRole('listitem')).toHaveText([
    'Mode: Proxy → Offline',
    'Sandbox clock: as Offline mode has it → the real date',
    'Conditions: as Offline mode has it → none',
    // As the clock panel's list names it: "console" alone is a name only the code knows.
    'Bank personality: as Offline mode has it → console: the contract as written: an account list, UUID ids, amounts as strings',
    'Signature: as Offline mode has it → stale Date (10 min)',
  ])
  await expect(ask).toContainText(
    'Switching the mode reloads the console; the rest is then set in Offline mode. Should the reload find more to change than this, the console asks again.',
  )
  let loads = 0
  other.on('load', () => {
    loads += 1
  })
  // The reload is the console's own, asked for by "Change and open": the browser must not ask "Leave site?"
  // on top (a tester's Stay left the dialog with every button disabled). Were it to ask, the answer is Stay.
  const asked = browserQuestions(other)
  await ask.getByRole('button', { name: 'Change and open' }).click()

  // The mode changes by one reload; the Signature is then set in Offline mode in place, and the link's
  // fragment goes when the view opens.
  await expect.poll(() => loads, 'pages loaded after "Change and open"').toBe(1)
  await expect.poll(() => new URL(other.url()).hash).toBe('')
  await expect.poll(() => new URL(other.url()).search).toBe(search)
  await expect(other.getByRole('dialog')).toHaveCount(0)
  await expect(other.getByRole('combobox', { name: 'Mode' })).toHaveValue('offline')
  await expect(await signatureSwitch(other)).toHaveValue('stale-date')
  expect(loads).toBe(1)
  expect(asked).toEqual([])
})

test('a link that changes only the Signature sets it in place: no reload, no "Leave site?"', async ({
  page,
  browser,
}) => {
  await openConsole(page)
  await (await signatureSwitch(page)).selectOption({ label: 'Missing Digest' })
  const link = await copyLink(page, 'None')

  // Another profile, with no data and no settings of this one.
  const profile = await browser.newContext()
  const other = await profile.newPage()
  await other.goto(link)
  const ask = other.getByRole('dialog', { name: 'Open the shared view?' })
  await expect(ask.getByRole('listitem')).toHaveText(['Signature: signed correctly → missing Digest'])
  let loads = 0
  other.on('load', () => {
    loads += 1
  })
  const asked = browserQuestions(other)
  await ask.getByRole('button', { name: 'Change and open' }).click()

  await expect(ask).toBeHidden()
  await expect(
    other.getByRole('banner').getByRole('button', { name: 'Signature: missing Digest' }),
  ).toBeVisible()
  await expect.poll(() => new URL(other.url()).hash).toBe('')
  await expect(await signatureSwitch(other)).toHaveValue('missing-digest')
  expect(asked).toEqual([])
  expect(loads).toBe(0)
  await profile.close()
})

/**
 * A link made in `page` under `personality`, opened in another tab of the same browser whose personality is
 * set back first, as another tester's would be: the tab, and its question.
 */
async function linkMadeUnder(page: Page, context: BrowserContext, personality: string) {
  await openConsole(page)
  await page.evaluate((name) => localStorage.setItem('sandbox-console.personality', name), personality)
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Card accounts', exact: true })).toBeVisible()
  const link = await copyLink(page, 'None')
  const other = await context.newPage()
  await other.goto('/')
  await other.evaluate(() => localStorage.setItem('sandbox-console.personality', 'console'))
  await other.goto(link)
  return { other, ask: other.getByRole('dialog', { name: 'Open the shared view?' }) }
}

test('a reload the user cancels leaves the question open, every button usable', async ({ page, context }) => {
  const { other, ask } = await linkMadeUnder(page, context, 'booked-only')
  const listed = [`Bank personality: ${personalityLabel('console')} → ${personalityLabel('booked-only')}`]
  await expect(ask.getByRole('listitem')).toHaveText(listed)
  // Something else on the page asks before it is left (as a probe run's guard does), and the user stays.
  await other.evaluate(() => addEventListener('beforeunload', (event) => event.preventDefault()))
  const asked = browserQuestions(other)
  await ask.getByRole('button', { name: 'Change and open' }).click()

  await expect.poll(() => asked).toEqual(['beforeunload'])
  await expect(ask.getByRole('listitem')).toHaveText(listed)
  await expect(ask.getByRole('button', { name: 'Change and open' })).toBeEnabled()
  await expect(ask.getByRole('button', { name: 'Open without changing them' })).toBeEnabled()
  await expect(ask.getByRole('button', { name: 'Close' })).toBeEnabled()
  await other.keyboard.press('Escape')
  await expect(ask).toBeHidden()
  await expect.poll(() => new URL(other.url()).hash).toBe('')
})

test("a link whose Signature is none of the switch's is refused, as any other bad field", async ({
  page,
  context,
}) => {
  await openConsole(page)
  await (await signatureSwitch(page)).selectOption({ label: 'Missing Digest' })
  const link = await copyLink(page, 'None')
  // Listed as a change, it was set as "signed correctly" and asked for again after every reload, for ever.
  const tampered = withPayload(link, { ...JSON.parse(decodedFragment(link)), tamper: 'explode' })

  const other = await context.newPage()
  await other.goto(tampered)
  const refused = other.getByRole('dialog', { name: 'This link cannot be opened' })
  await expect(refused).toContainText(
    'The console cannot read this link: the link does not hold a view this console can read.',
  )
  await expect(other.getByRole('dialog', { name: 'Open the shared view?' })).toHaveCount(0)
})

test('a link whose changes are declined opens with the settings kept', async ({ page, context }) => {
  await openConsole(page)
  await (await signatureSwitch(page)).selectOption({ label: 'Bad signature' })
  const link = await copyLink(page, 'None')
  const other = await context.newPage()
  await other.goto(link)
  const ask = other.getByRole('dialog', { name: 'Open the shared view?' })
  await expect(ask.getByRole('listitem')).toHaveText(['Signature: signed correctly → bad signature'])
  await ask.getByRole('button', { name: 'Open without changing them' }).click()
  await expect(ask).toBeHidden()
  await expect(await signatureSwitch(other)).toHaveValue('')
})

test('a link made under another bank personality names it, and sets it once asked', async ({
  page,
  context,
}) => {
  const { other, ask } = await linkMadeUnder(page, context, 'pending-strings')
  await expect(ask.getByRole('listitem')).toHaveText([
    `Bank personality: ${personalityLabel('console')} → ${personalityLabel('pending-strings')}`,
  ])
  // The offline sandbox takes it at its start: a reload the user asked for, which the browser must not question.
  const asked = browserQuestions(other)
  await ask.getByRole('button', { name: 'Change and open' }).click()
  await expect.poll(() => new URL(other.url()).hash).toBe('')
  await expect(other.getByRole('dialog')).toHaveCount(0)
  expect(await other.evaluate(() => localStorage.getItem('sandbox-console.personality'))).toBe(
    'pending-strings',
  )
  expect(asked).toEqual([])
})

test('exports the session as HAR 1.2 and as a Postman collection that signs', async ({ page }) => {
  await openConsole(page)
  await createAccount(page, { maskedPan: '400000******0042', currency: 'EUR', customerNumber: PSU_ID })
  const dialog = await openShare(page)

  const [har] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Export HAR' }).click(),
  ])
  expect(har.suggestedFilename()).toMatch(/^sandbox-console-session-\d{4}-\d{2}-\d{2}\.har$/)
  const log = JSON.parse(readFileSync(await har.path(), 'utf8')).log
  expect(log.version).toBe('1.2')
  const created = log.entries.find(
    (e: { request: { method: string; url: string } }) =>
      e.request.method === 'POST' && e.request.url.endsWith('/api/v1/sandbox/card-accounts'),
  )
  expect(created.response.status).toBe(201)
  const signature = created.request.headers.find(
    (h: { name: string }) => h.name.toLowerCase() === 'signature',
  )
  expect(signature.value).toMatch(/^keyId="[^"]+",algorithm="rsa-sha256"/)
  expect(signature.comment).toContain('stale')
  expect(JSON.stringify(log)).not.toContain('PRIVATE KEY')

  const [postman] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Export Postman collection' }).click(),
  ])
  const collection = JSON.parse(readFileSync(await postman.path(), 'utf8'))
  expect(collection.info.schema).toBe('https://schema.getpostman.com/json/collection/v2.1.0/collection.json')
  const variables = Object.fromEntries(
    collection.variable.map((v: { key: string; value: string }) => [v.key, v.value]),
  )
  // The key never travels in the collection: Postman saves and syncs collection variables. The
  // description says where it goes instead.
  expect(Object.keys(variables)).not.toContain('privateKeyPem')
  // Offline no proxy forwarded anything: the collection goes to the local sandbox, npm run sandbox's.
  expect(variables.baseUrl).toBe('http://127.0.0.1:4010')
  expect(collection.info.description).toContain(
    "privateKeyPem of a local Postman environment (as its current value, which stays on this machine) or in Postman's vault",
  )
  expect(variables.keyIdSerial).toMatch(/^[0-9A-F]+$/)
  expect(variables.certificate).toMatch(/^MII/)
  expect(collection.item.map((i: { request: { url: string } }) => i.request.url)).toContain(
    '{{baseUrl}}/v1/sandbox/card-accounts',
  )
  expect(collection.event[0].script.exec.join('\n')).toContain('function portableSigner()')
})

test('the share dialog and the change prompt pass axe in both themes', async ({ page, context }) => {
  await openConsole(page)
  await createAccount(page, { maskedPan: '400000******0042', currency: 'EUR' })
  await openShare(page)
  await checkScreenInEachTheme(page, 'share-dialog')
  await page
    .getByRole('dialog', { name: 'Share what you see' })
    .getByRole('button', { name: 'Close' })
    .click()
  await (await signatureSwitch(page)).selectOption({ label: 'Missing Digest' })
  const link = await copyLink(page, /card-accounts \(201\)/)
  const other = await context.newPage()
  await other.goto(link)
  await expect(other.getByRole('dialog', { name: 'Open the shared view?' })).toBeVisible()
  await checkScreenInEachTheme(other, 'share-prompt')
})

test('at 800×600 Copy link is in sight when Share opens, above the long export notes', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 600 })
  await openConsole(page)
  await fillTestData(page)
  const dialog = await openShare(page)
  await expect(dialog.getByRole('button', { name: 'Copy link' })).toBeInViewport()
})

// A support engineer on a projector: the notice opened scrolled in a box of its own, its first line hidden.
test('in presenter mode at 1280×720 the offline data notice opens whole, at its first line', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 })
  await openConsole(page)
  await fillTestData(page)
  await page.keyboard.press('Alt+Shift+P')
  await expect(page.locator('html')).toHaveAttribute('data-presenter', 'on')
  const dialog = await openShare(page)
  await expect(dialog.getByText('Offline data stays in this browser.')).toBeInViewport({ ratio: 1 })
  await expect(dialog.getByRole('button', { name: 'Export the data too' })).toBeInViewport({ ratio: 1 })
  await expect(dialog.getByRole('button', { name: 'Copy link' })).toBeInViewport()
})
