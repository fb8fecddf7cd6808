import type { BrowserContext, Locator, Page, Request } from '@playwright/test'
import axe from 'axe-core'
import { expect, modeOf } from './fixtures'

export type Theme = 'light' | 'dark'

/**
 * A laptop, and the smallest screen the console is made for (a laptop at 200 % zoom is near it). `colours`:
 * whether axe checks colours at that size (`axeRulesIn`). A contrast does not depend on the window's size,
 * and the small screen shows no pairing of text colour, background, type size and weight that the laptop's
 * does not: each one axe's colour rules met at 800×600 they met at 1366×900 too, over every screen of
 * a11y.ui.spec.ts and every dialog of dialogs.offline.spec.ts (2026-11-28). What the size does change, the
 * targets' sizes and all else the layout moves, is checked at both.
 */
export const screens = [
  { name: '1366x900', viewport: { width: 1366, height: 900 }, colours: true },
  { name: '800x600', viewport: { width: 800, height: 600 }, colours: false },
] as const

/**
 * Opens the console in the mode the test runs in, checks the header shows that mode, and waits until the
 * sandbox (in-browser offline, behind the proxy otherwise) answered the list of card accounts.
 */
export async function openConsole(page: Page, search = ''): Promise<void> {
  await page.goto(`/${search}`)
  await expect(page.getByRole('heading', { name: 'Card accounts', exact: true })).toBeVisible()
  await expect(page.getByRole('combobox', { name: 'Mode' })).toHaveValue(modeOf(page))
  await expect(page.getByRole('complementary').getByText('Loading…')).toHaveCount(0)
}

/**
 * On a narrow screen the header folds its tools (Theme, Help, Share…, the swap…) into one Tools button:
 * this opens it there, and does nothing where the tools are in sight.
 */
export async function showHeaderTools(page: Page): Promise<void> {
  const tools = page.getByRole('banner').getByRole('button', { name: /^Tools/ })
  if ((await tools.count()) === 0) return
  if ((await tools.getAttribute('aria-expanded')) !== 'true') await tools.click()
}

export type HeaderGroup = 'Test conditions' | 'Explain & share' | 'Settings'

/**
 * Opens the header's group holding a control (docs/decisions.md#header): its own button when wide, the
 * Tools button that folds every group on a narrow screen. Does nothing if it is open already.
 */
export async function openHeaderGroup(page: Page, group: HeaderGroup): Promise<void> {
  const banner = page.getByRole('banner')
  const tools = banner.getByRole('button', { name: /^Tools/ })
  const toggle =
    (await tools.count()) > 0 ? tools : banner.getByRole('button', { name: new RegExp(`^${group}`) })
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click()
}

/** The header's clock badge, there only while the sandbox's today is not the real one. */
export const clockBadge = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: /^Clock (frozen|[+-])/ })

/** Opens the Sandbox clock panel from the header's Test conditions group. */
export async function openClockPanel(page: Page): Promise<void> {
  await openHeaderGroup(page, 'Test conditions')
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Sandbox clock/ })
    .click()
}

/**
 * Offline, the clock panel's bank picker set to `personality`: the page reloads in its shape (a
 * personality other than the one a scenario carries reloads on load).
 */
export async function behaveLike(page: Page, personality: string): Promise<void> {
  await openClockPanel(page)
  await page
    .getByRole('dialog', { name: 'Sandbox clock' })
    .getByRole('combobox', { name: /^Bank to behave like/ })
    .selectOption(personality)
  await expect(page.getByRole('heading', { name: 'Card accounts', exact: true })).toBeVisible()
}

/** The Sandbox clock dialog, once it has read the sandbox's today. */
export async function openClock(page: Page) {
  await openClockPanel(page)
  const dialog = page.getByRole('dialog', { name: 'Sandbox clock' })
  await expect(dialog.getByTestId('clock-today')).toBeVisible()
  return dialog
}

/** The swap's checkbox, in the Test conditions group: opens the group first. */
export async function swapAmounts(page: Page) {
  await openHeaderGroup(page, 'Test conditions')
  return page.getByLabel('Swap the two amounts (accept-fix)')
}

/** The Signature switch, in the Test conditions group: opens the group first. */
export async function signatureSwitch(page: Page) {
  await openHeaderGroup(page, 'Test conditions')
  return page.getByRole('combobox', { name: 'Signature' })
}

/**
 * Screenshots are for a person to look at, not checks: a run takes them only with E2E_SCREENSHOTS=1, as the
 * hundred of a whole run cost it CPU time that every `npm test` would pay (docs/benchmarks.md#npm-test-on-a-fresh-clone-issue-20).
 */
const screenshotsWanted = process.env.E2E_SCREENSHOTS === '1'

/** The whole page as test-results/screenshots/<name>.png (E2E_SCREENSHOTS=1); the proxy run's end in -proxy. */
export async function screenshot(page: Page, name: string): Promise<void> {
  const suffix = modeOf(page) === 'proxy' ? '-proxy' : ''
  await keepScreenshot(page, `${name}${suffix}`, { fullPage: true })
}

/** What is in view of a page, or one element, as test-results/screenshots/<name>.png (E2E_SCREENSHOTS=1). */
export async function keepScreenshot(
  target: Page | Locator,
  name: string,
  { fullPage = false }: { fullPage?: boolean } = {},
): Promise<void> {
  if (!screenshotsWanted) return
  const path = `test-results/screenshots/${name}.png`
  await ('goto' in target ? target.screenshot({ path, fullPage }) : target.screenshot({ path }))
}

/**
 * The rules of axe's default run that read colours (its `cat.color` tag, less the AAA contrast it leaves
 * off): the only ones whose outcome a theme can change, as the two themes differ in colours alone
 * (light-dark() in src/ui/styles.css; no script reads the colour scheme).
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block']

/** Which of axe's rules a pass runs: all of them, those that read colours, or the others. */
export type AxeRules = 'all' | 'colours' | 'all but colours'

/** axe.run's options for `rules`; WCAG 2.2's target size, which axe leaves out by default, is one of the others. */
function axeOptions(rules: AxeRules): axe.RunOptions {
  if (rules === 'colours')
    return { resultTypes: ['violations'], runOnly: { type: 'rule', values: COLOUR_RULES } }
  const off = rules === 'all' ? [] : COLOUR_RULES
  return {
    resultTypes: ['violations'],
    // Target size: an audit found rows below 24 px.
    rules: Object.fromEntries([
      ['target-size', { enabled: true }],
      ...off.map((id) => [id, { enabled: false }]),
    ]),
  }
}

/**
 * axe-core's violations, one line each with the elements it found, in `scope` (a selector) or the whole page.
 * axe is put into the page once and run there: AxeBuilder injects its source into every frame and finishes
 * each pass in a new blank page, which a spec checking a dozen dialogs in one page would pay a dozen times.
 */
export async function axeViolations(page: Page, scope?: string, rules: AxeRules = 'all'): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source)
  const violations = await page.evaluate(
    ({ context, options }) =>
      (window as unknown as { axe: typeof axe }).axe
        .run(context ?? document, options)
        .then((results) => results.violations),
    { context: scope, options: axeOptions(rules) },
  )
  return violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`,
  )
}

/** axe-core on the whole page (an open modal dialog included); every violation is listed on failure. */
export async function expectAccessible(page: Page, screen: string, rules: AxeRules = 'all'): Promise<void> {
  expect(await axeViolations(page, undefined, rules), `axe violations on ${screen}`).toEqual([])
}

/**
 * Runs `check` in the light theme, then in the dark one, on the same page: the system's colour scheme,
 * which the console follows while its Theme setting is "system" (the default). Changing it restyles the
 * page at once, without the reload and set-up a page per theme would cost.
 */
export async function inEachTheme(page: Page, check: (theme: Theme) => Promise<void>): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme })
    await check(theme)
  }
}

/**
 * What axe runs in `theme`: every rule in the light theme, and in the dark one the rules that read colours,
 * the only ones whose outcome it can change (`COLOUR_RULES`). Without `colours` (at a size whose colours
 * another size checks: `screens`), the light theme's rules less those, and nothing in the dark one.
 */
export function axeRulesIn(theme: Theme, colours: boolean): AxeRules | undefined {
  if (theme === 'light') return colours ? 'all' : 'all but colours'
  return colours ? 'colours' : undefined
}

/**
 * Checks one screen with axe in each theme (`axeRulesIn`: `colours` false at a size whose colours another
 * checks) and saves a screenshot of each.
 */
export async function checkScreenInEachTheme(
  page: Page,
  screen: string,
  { colours = true }: { colours?: boolean } = {},
): Promise<void> {
  await inEachTheme(page, async (theme) => {
    const rules = axeRulesIn(theme, colours)
    if (rules !== undefined) await expectAccessible(page, `${screen} (${theme}, ${rules})`, rules)
    await screenshot(page, `${screen}-${theme}`)
  })
}

/**
 * One Fill test data is on screen: the data tools', or an empty state's in its place. Resolves with the ids
 * of the accounts it created, in the fixed set's order (Kari Nordmann's NOK card, then Nordlys Logistikk's
 * EUR card), read from the transactions it added to each: in proxy mode the worker's sandbox may hold
 * other tests' copies of the set, with the same masked PANs, so a test opens its own by id
 * (`openAccount`). `permanent`: the sandbox offers no delete (the platform's shape), so the console asks first.
 */
export async function fillTestData(page: Page, { permanent = false } = {}): Promise<string[]> {
  const ids: string[] = []
  const collect = (request: Request) => {
    const added = /\/card-accounts\/([^/?]+)\/transactions$/.exec(new URL(request.url()).pathname)
    const id = added?.[1] === undefined ? undefined : decodeURIComponent(added[1])
    if (request.method() === 'POST' && id !== undefined && !ids.includes(id)) ids.push(id)
  }
  page.on('request', collect)
  try {
    await page.getByRole('button', { name: 'Fill test data' }).click()
    if (permanent) await confirmPermanentFill(page)
    await expect(page.getByRole('status')).toHaveText(/Test data filled: 2 card accounts, \d+ transactions/)
  } finally {
    page.off('request', collect)
  }
  expect(ids, 'the accounts Fill test data added transactions to').toHaveLength(2)
  return ids
}

/** Clicks the sidebar's link to the account with this id, as a user picks one of several alike. */
export async function openAccount(page: Page, id: string): Promise<void> {
  const search = new URLSearchParams({ account: id })
  await page.getByRole('complementary').locator(`a[href^="?${search}&"]`).click()
  await expect(page).toHaveURL((url) => url.searchParams.get('account') === id)
}

/** Fill test data, then open the first account it created (Kari Nordmann's NOK card, 12 transactions). */
export async function fillAndOpenFirst(page: Page): Promise<string> {
  const [first = ''] = await fillTestData(page)
  await openAccount(page, first)
  return first
}

export interface AccountInput {
  maskedPan: string
  currency?: string
  customerNumber?: string
  name?: string
}

/**
 * "+ New" in the sidebar, or the empty sandbox's "+ New card account" that replaces it: one button per
 * action on screen, so exactly one of the two is there.
 */
export function newAccountButton(page: Page) {
  return page.getByRole('button', { name: /^\+ New( card account)?$/ })
}

/** The sidebar's account links, one per account (the sidebar also holds a skip link). */
export function accountLinks(page: Page) {
  return page.getByRole('list', { name: 'Card accounts' }).getByRole('link')
}

/** The sidebar's Scenarios dialog, opened and listing the shipped scenarios. */
export async function openScenarios(page: Page): Promise<Locator> {
  await page.getByRole('complementary').getByRole('button', { name: 'Scenarios…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Scenarios' })
  await expect(dialog.getByRole('rowheader', { name: /^Empty private customer/ })).toBeVisible()
  return dialog
}

/** Loads the scenario `name` from the open Scenarios `dialog`, replacing the sandbox's data. */
export async function loadScenarioFrom(dialog: Locator, name: string): Promise<void> {
  await dialog.getByRole('button', { name: `Load ${name}`, exact: true }).click()
  await dialog
    .getByRole('region', { name: `Load ${name}?` })
    .getByRole('button', { name: 'Replace and load' })
    .click()
  await expect(dialog).toBeHidden()
}

/** "Open…" in the sidebar, or the empty sandbox's "Open account…" that replaces it. */
export function openAccountButton(page: Page) {
  return page.getByRole('button', { name: /^Open( account)?…$/ })
}

export async function createAccount(page: Page, input: AccountInput): Promise<void> {
  await newAccountButton(page).click()
  const dialog = page.getByRole('dialog', { name: 'New card account' })
  await dialog.getByLabel('Masked PAN').fill(input.maskedPan)
  if (input.currency) await dialog.getByLabel('Currency', { exact: true }).fill(input.currency)
  if (input.customerNumber) await dialog.getByLabel('Customer number (PSU id)').fill(input.customerNumber)
  if (input.name) await dialog.getByLabel('Name (optional)').fill(input.name)
  await dialog.getByRole('button', { name: 'Create account' }).click()
  await expect(dialog).toBeHidden()
  // Its first read answered: until then the header's "+ Add transactions" stands where the empty state's
  // "+ Add transaction" will, and a click as the one replaces the other lands on neither.
  await expect(pages(page).getByText(/^(No rows|Rows \d)/)).toBeVisible()
}

/**
 * A new account open in `page` and in a second tab of the same browser, whose first read has answered and
 * whose header shows the clock at the real date: the start of a test of what one tab learns of the other.
 */
export async function secondTabOnNewAccount(page: Page, context: BrowserContext): Promise<Page> {
  await openConsole(page)
  await createAccount(page, { maskedPan: '525412******3241' })
  const other = await context.newPage()
  await other.goto(page.url())
  await expect(pages(other).getByText(/^(No rows|Rows \d)/)).toBeVisible()
  await expect(clockBadge(other)).toHaveCount(0)
  return other
}

/** The pagination bar ("Rows 1–5 of ≥ 6", Prev, Next, page size). */
export function pages(page: Page) {
  return page.getByRole('navigation', { name: 'Pages' })
}

/** The table body's rows as the user reads them, one string per row. */
export async function tableRows(page: Page): Promise<string[]> {
  const table = page.getByRole('table', { name: /^Transactions of/ })
  // While the next page loads the previous one stays, dimmed and busy: read only a settled table.
  await expect(table).toHaveAttribute('aria-busy', 'false')
  // A row's detail (opened below it) and its disclosure button are not the row's data; what this screen
  // width hides (the pending row's Tx date under its badge, shown only where Tx date's column is not) is not
  // read either.
  return table.locator('tbody tr:not(.row-detail)').evaluateAll((rows) =>
    rows.map((row) =>
      [...row.querySelectorAll<HTMLElement>('td:not(.col-expand)')]
        // biome-ignore lint/performance/useDomNodeTextContent: the text as laid out is the point here
        .map((td) => td.innerText.trim())
        .join(' | '),
    ),
  )
}

/** Today in the browser's time zone, as the app computes it. */
export function isoDay(daysFromToday: number): string {
  const d = new Date()
  d.setDate(d.getDate() + daysFromToday)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
}

/** Opens Flows… and waits for its panel: its chunk loads first, and the arrow keys work once it is there. */
export async function openFlows(page: Page): Promise<Locator> {
  await openHeaderGroup(page, 'Explain & share')
  await page.getByRole('button', { name: 'Flows…' }).click()
  const panel = page.getByRole('region', { name: 'Flow' })
  await expect(panel.getByRole('button', { name: 'Run next step →' })).toBeFocused()
  return panel
}

/** Runs the open flow's next `steps` steps with the arrow key, each once its outcome is said; `each` after each. */
export async function runFlowSteps(
  page: Page,
  panel: Locator,
  steps: number,
  each: (step: number) => Promise<void> = async () => {},
): Promise<void> {
  for (let step = 1; step <= steps; step++) {
    await page.keyboard.press('ArrowRight')
    await expect(panel.getByText(new RegExp(`^Step ${step}: `))).toBeAttached()
    await each(step)
  }
}

/** Answers the question Fill test data asks before writing to a sandbox that offers no delete. */
export async function confirmPermanentFill(page: Page): Promise<void> {
  const ask = page.getByRole('dialog', { name: 'Fill test data' })
  await expect(ask).toContainText('This sandbox offers no delete: they stay there for good')
  await ask.getByRole('button', { name: 'Fill test data' }).click()
}

/** A laptop of 1366 px at 200 % zoom: the smallest window the console is made for, one column. */
export const ZOOMED_LAPTOP = { width: 683, height: 450 } as const

/**
 * Where the focused element is, as a keyboard user sees it: "in sight" when its box lies inside the window
 * (or, taller than the window, fills it), what the page shows at its centre (and a field's top and bottom
 * edges) is it or inside it (not a bar fixed or stuck over the page, nor the edge of a scrolled area that
 * clips it), and the page does not scroll sideways; else what is wrong.
 */
export async function whereFocusIs(page: Page): Promise<string> {
  return page.evaluate(() => {
    // One taller than the room the page's bars leave (a scrolled table's region) is in sight by the part the
    // window shows: scrolled into view, it cannot fit between the header and the bottom bars whole.
    const bars = ['--header-height', '--inspector-height', '--flow-panel-height'].reduce(
      (sum, name) => sum + (Number.parseFloat(document.documentElement.style.getPropertyValue(name)) || 0),
      0,
    )
    const shownPart = (box: DOMRect) =>
      box.height <= innerHeight - bars
        ? { top: box.top, bottom: box.bottom }
        : { top: Math.max(box.top, 0), bottom: Math.min(box.bottom, innerHeight) }
    // A pixel's fraction over the edge is the layout's rounding.
    const outOfWindow = (box: DOMRect, shown: { top: number; bottom: number }) =>
      box.left < 0 ||
      box.right > innerWidth + 1 ||
      shown.top < 0 ||
      shown.bottom > innerHeight + 1 ||
      shown.bottom <= shown.top
    // Its centre, and for a field up to half the window's height the middle of its top and bottom edges
    // too (a bar may cover a textarea's lower half); a larger area is in sight by its centre.
    const coveredAt = (focused: Element, box: DOMRect, shown: { top: number; bottom: number }) => {
      const x = box.left + box.width / 2
      const middle = (shown.top + shown.bottom) / 2
      const points = box.height <= innerHeight / 2 ? [middle, box.top + 2, box.bottom - 2] : [middle]
      for (const y of points) {
        const top = document.elementFromPoint(x, y)
        if (top === null || !(top === focused || focused.contains(top))) return { y, top }
      }
      return undefined
    }

    const focused = document.activeElement
    if (!focused || focused === document.body) return 'no focus'
    const box = focused.getBoundingClientRect()
    const name = `${focused.tagName.toLowerCase()} "${focused.getAttribute('aria-label') ?? focused.textContent?.trim().slice(0, 40)}"`
    const sideways = document.documentElement.scrollWidth - document.documentElement.clientWidth
    if (sideways > 0) return `the page scrolls ${sideways} px sideways (focus on ${name})`
    const shown = shownPart(box)
    if (outOfWindow(box, shown)) {
      return `${name} at x ${Math.round(box.left)}–${Math.round(box.right)}, y ${Math.round(box.top)}–${Math.round(box.bottom)}: out of the ${innerWidth}×${innerHeight} window`
    }
    const covered = coveredAt(focused, box, shown)
    if (covered === undefined) return 'in sight'
    return `${name} covered at y ${Math.round(covered.y)} by ${covered.top?.outerHTML.slice(0, 60) ?? 'nothing'}`
  })
}

/** Presses `key` until `target` has the focus, the focus in sight at every stop on the way. */
export async function tabUntil(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab'): Promise<void> {
  for (let stop = 0; stop < 60; stop++) {
    if (await target.evaluate((element) => element === document.activeElement)) return
    await page.keyboard.press(key)
    expect(await whereFocusIs(page), `the focus after ${stop + 1} × ${key}`).toBe('in sight')
  }
  await expect(target).toBeFocused()
}

/** Each word of the cells' text that a line break cuts in two. */
export function wordsBrokenOverLines(cells: Locator): Promise<string[]> {
  return cells.evaluateAll((elements) =>
    elements.flatMap((cell) => {
      const broken: string[] = []
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
        for (const word of (node.textContent ?? '').matchAll(/\S+/g)) {
          const range = document.createRange()
          range.setStart(node, word.index)
          range.setEnd(node, word.index + word[0].length)
          if (new Set([...range.getClientRects()].map((box) => Math.round(box.top))).size > 1)
            broken.push(word[0])
        }
      }
      return broken
    }),
  )
}
