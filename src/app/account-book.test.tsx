import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { createAccountBook, createApiSettings } from '../api'
import { headerNames } from '../contract'
import { fullStorage } from '../test/full-storage'
import { apiUrl, proxyAnswers, renderConsole, sandboxForEachTest } from '../test/render-console'

const { server, sandbox } = sandboxForEachTest()

const account = {
  maskedPan: '525412******3241',
  currency: 'NOK',
  customerNumber: '13039319955',
  name: 'Platform card',
}

/** A sandbox like the platform's: the list of card accounts is not there. */
function withoutList(status = 405) {
  server.use(
    http.get(apiUrl('/v1/sandbox/card-accounts'), () =>
      HttpResponse.json(
        { tppMessages: [{ category: 'ERROR', code: 'SERVICE_INVALID', text: 'GET is not allowed' }] },
        { status },
      ),
    ),
  )
}

async function storedAccountId(
  body: Partial<typeof account> & { customerType?: string } = {},
): Promise<string> {
  const created = await sandbox.createCardAccount({ ...account, ...body }, { fixes: new Set() })
  if (!created.ok) throw new Error('the test account was refused')
  return created.value.resourceId
}

const sidebar = () => screen.getByRole('complementary')

describe('a sandbox without an account list', () => {
  it('says so once, calmly, and offers the book instead of an error', async () => {
    withoutList(405)
    renderConsole()

    const note = await within(sidebar()).findByText(/This sandbox does not list card accounts/)
    expect(note.textContent).toBe(
      'This sandbox does not list card accounts; the console keeps its own book of the ones you create or open, in this browser.',
    )
    expect(note.closest('[role="alert"]')).toBeNull()
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.getByRole('heading', { name: 'No card accounts yet' })).toBeDefined()
  })

  it('opens an account by id, keeps it in the book, and shows it after a new start of the console', async () => {
    withoutList(404)
    const id = await storedAccountId()
    renderConsole()

    // The empty sandbox's Open account… replaces the sidebar's Open…: one button per action on screen.
    fireEvent.click(await screen.findByRole('button', { name: 'Open account…' }))
    const dialog = await screen.findByRole('dialog', { name: 'Open card account' })
    fireEvent.change(within(dialog).getByLabelText('Card account id or link'), { target: { value: id } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Open account' }))

    expect(
      await screen.findByRole('heading', { name: '525412******3241 · NOK · Platform card · private' }),
    ).toBeDefined()
    expect(
      within(sidebar())
        .getByRole('link', { name: /^525412\*{6}3241/ })
        .getAttribute('aria-current'),
    ).toBe('page')
    expect(location.search).toContain(`account=${id}`)

    // A new start of the console (a reload) finds it in the book, though the sandbox lists nothing.
    cleanup()
    const { client } = renderConsole()
    expect(await within(sidebar()).findByRole('link', { name: /^525412\*{6}3241/ })).toBeDefined()
    expect(client.book.of('this browser').entries.map((entry) => entry.id)).toEqual([id])
  })

  it('refuses a PSU-Corporate-ID no HTTP header can carry, in words, before sending anything', async () => {
    withoutList(404)
    const id = await storedAccountId()
    const { client } = renderConsole()

    fireEvent.click(await screen.findByRole('button', { name: 'Open account…' }))
    const dialog = await screen.findByRole('dialog', { name: 'Open card account' })
    fireEvent.change(within(dialog).getByLabelText('Card account id or link'), { target: { value: id } })
    const corporate = within(dialog).getByLabelText('PSU-Corporate-ID (corporate accounts only)')
    fireEvent.change(corporate, { target: { value: 'Łódź corp' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Open account' }))

    expect(
      await within(dialog).findByText(
        'PSU-Corporate-ID is sent as an HTTP header, which carries only unaccented letters (A–Z), digits, punctuation and spaces intact: remove "Ł" (U+0141), "ó" (U+00F3), "ź" (U+017A)',
      ),
    ).toBeDefined()
    expect(corporate.getAttribute('aria-invalid')).toBe('true')
    // Nothing was sent, nothing kept: the book has no entry with a browser's raw error for a note.
    expect(
      client.log.snapshot().filter((entry) => entry.kind === 'request' && entry.url.includes(id)),
    ).toEqual([])
    expect(client.book.of('this browser').entries).toEqual([])
  })

  it("opens a pasted console link on the link's own view, its status kept", async () => {
    withoutList(404)
    const id = await storedAccountId()
    renderConsole()
    fireEvent.click(await screen.findByRole('button', { name: 'Open account…' }))
    const dialog = await screen.findByRole('dialog', { name: 'Open card account' })
    fireEvent.change(within(dialog).getByLabelText('Card account id or link'), {
      target: { value: `http://127.0.0.1:5173/?account=${encodeURIComponent(id)}&status=both&limit=10` },
    })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Open account' }))

    expect(await screen.findByRole('heading', { name: /^525412\*{6}3241/ })).toBeDefined()
    const view = new URLSearchParams(location.search)
    expect([view.get('account'), view.get('status'), view.get('limit')]).toEqual([id, 'both', '10'])
    expect(screen.getByRole('radio', { name: 'both' })).toHaveProperty('checked', true)
  })

  it('removes an account from the book after a confirmation naming it, and deletes nothing in the sandbox', async () => {
    withoutList(501)
    const id = await storedAccountId()
    renderConsole(`?account=${id}`)

    // A link to an account the book does not have is fetched and added.
    const link = await within(sidebar()).findByRole('link', { name: /^525412\*{6}3241/ })
    fireEvent.click(within(sidebar()).getByRole('button', { name: 'Remove 525412******3241 from the book' }))
    const confirm = screen.getByRole('dialog', { name: 'Remove from the book' })
    expect(confirm.textContent).toContain(
      `Remove 525412******3241 · NOK · Platform card · private (id ${id})`,
    )
    expect(confirm.textContent).toContain('Nothing is deleted in the sandbox')
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove from book' }))

    await waitFor(() => expect(link.isConnected).toBe(false))
    expect(await sandbox.hasCardAccount(id)).toBe(true)
    expect(screen.getByRole('heading', { name: 'No card accounts yet' })).toBeDefined()
  })

  it('keeps an account the sandbox will not show, by the masked PAN its transactions name', async () => {
    withoutList(405)
    const id = await storedAccountId()
    // GET of the account fails as a gateway might; its transactions still answer.
    server.use(
      http.get(
        apiUrl(`/v1/sandbox/card-accounts/${id}`),
        () =>
          new HttpResponse('<h1>Bad gateway</h1>', {
            status: 502,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    )
    renderConsole(`?account=${id}`)

    const link = await within(sidebar()).findByRole('link', { name: /^525412\*{6}3241/ })
    expect(link.textContent).toBe('525412******3241could not be read')
    expect(await screen.findByText(/The account could not be read: HTTP 502/)).toBeDefined()
  })

  it('reads no more of an account whose read the bank never answered, and keeps it with why', async () => {
    withoutList(405)
    const id = await storedAccountId()
    const reads: string[] = []
    server.use(
      http.get(apiUrl(`/v1/sandbox/card-accounts/${id}`), () =>
        HttpResponse.json(
          {
            tppMessages: [
              { category: 'ERROR', code: 'UPSTREAM_TIMEOUT', text: 'did not answer within 30000 ms' },
            ],
          },
          { status: 504 },
        ),
      ),
      http.get(apiUrl(`/v1/sandbox/card-accounts/${id}/transactions`), ({ request }) => {
        reads.push(new URL(request.url).searchParams.get('limit') ?? '')
        return undefined
      }),
    )
    const { client } = renderConsole(`?account=${id}`)

    await waitFor(() => expect(client.book.of('this browser').entries.map((entry) => entry.id)).toEqual([id]))
    expect(client.book.of('this browser').entries[0]?.note).toMatch(
      /^The account could not be read: HTTP 504/,
    )
    // The table reads its own page; the opening itself tried no one-row read of the transactions.
    await waitFor(() => expect(reads.length).toBeGreaterThan(0))
    expect(reads.filter((limit) => limit === '1')).toEqual([])
  })

  it('keeps an account whose transactions cannot be read either, by its id, with why', async () => {
    withoutList(405)
    const id = await storedAccountId()
    const badGateway = () =>
      new HttpResponse('<h1>Bad gateway</h1>', {
        status: 502,
        headers: { 'content-type': 'application/json' },
      })
    server.use(
      http.get(apiUrl(`/v1/sandbox/card-accounts/${id}`), badGateway),
      http.get(apiUrl(`/v1/sandbox/card-accounts/${id}/transactions`), badGateway),
    )
    const { client } = renderConsole(`?account=${id}`)

    await waitFor(() => expect(client.book.of('this browser').entries.map((entry) => entry.id)).toEqual([id]))
    const [entry] = client.book.of('this browser').entries
    expect([entry?.maskedPan, entry?.note]).toEqual([
      undefined,
      expect.stringMatching(/^The account could not be read: HTTP 502/),
    ])
  })
})

describe('accounts alike in every shown word', () => {
  it('are told apart by their ids in the list and in the remove buttons', async () => {
    const first = await storedAccountId()
    const second = await storedAccountId()
    await storedAccountId({ maskedPan: '400000******0002' })
    renderConsole()

    const items = await within(sidebar()).findAllByRole('listitem')
    const short = (id: string) => `${id.slice(0, 10)}…${id.slice(-4)}`
    expect(items.map((item) => item.textContent)).toEqual(
      expect.arrayContaining([
        expect.stringContaining(`id ${short(first)}`),
        expect.stringContaining(`id ${short(second)}`),
        expect.not.stringContaining('id '),
      ]),
    )
    for (const id of [first, second])
      expect(
        within(sidebar()).getByRole('button', {
          name: `Remove 525412******3241 (id ${short(id)}) from the book`,
        }),
      ).toBeDefined()
    expect(
      within(sidebar()).getByRole('button', { name: 'Remove 400000******0002 from the book' }),
    ).toBeDefined()

    // The page says which of the two it shows.
    const link = within(sidebar())
      .getAllByRole('link')
      .find((candidate) => candidate.textContent?.includes(short(second)))
    if (link === undefined) throw new Error('no link to the second twin')
    fireEvent.click(link)
    const name = `525412******3241 · NOK · Platform card · private · id ${short(second)}`
    expect(await screen.findByRole('heading', { name })).toBeDefined()
  })

  it('an account known by its id alone is named by it once when removed', async () => {
    withoutList(405)
    const id = await storedAccountId()
    const badGateway = () => new HttpResponse('<h1>Bad gateway</h1>', { status: 502 })
    server.use(
      http.get(apiUrl(`/v1/sandbox/card-accounts/${id}`), badGateway),
      http.get(apiUrl(`/v1/sandbox/card-accounts/${id}/transactions`), badGateway),
    )
    renderConsole(`?account=${id}`)

    fireEvent.click(await within(sidebar()).findByRole('button', { name: `Remove ${id} from the book` }))
    const confirm = screen.getByRole('dialog', { name: 'Remove from the book' })
    expect(confirm.textContent).toContain(`Remove Card account ${id} from the console's book`)
  })
})

// A corporate account the list showed (loaded by a scenario, filled, made in another tab) is not in the book:
// when the list goes (the platform personality has none), the console knows it by the link's id alone.
describe('a corporate account known by its id alone', () => {
  const corporate = { customerNumber: '18129215603', customerType: 'corporate', name: 'Nordlys Logistikk AS' }

  it('reads on our own sandbox, which takes any PSU-Corporate-ID, and the field shows its customer number', async () => {
    withoutList(405)
    const id = await storedAccountId(corporate)
    renderConsole(`?account=${id}`)

    expect(await within(sidebar()).findByText('NOK · Nordlys Logistikk AS · corporate')).toBeDefined()
    expect(within(sidebar()).queryByText('could not be read')).toBeNull()
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'PSU-Corporate-ID' }) as HTMLInputElement).value).toBe(
        '18129215603',
      ),
    )
    expect(await screen.findByText('No rows')).toBeDefined()
  })

  it("on a bank's sandbox, says what to type where, and reads once it is typed", async () => {
    server.use(...proxyAnswers({ upstream: 'https://bank.example/api-sandbox', local: false }))
    withoutList(405)
    const id = await storedAccountId(corporate)
    renderConsole(`?account=${id}`, 'proxy')

    expect(await within(sidebar()).findByText('could not be read')).toBeDefined()
    const field = screen.getByRole('textbox', { name: 'PSU-Corporate-ID' })
    expect((field as HTMLInputElement).value).toBe('')
    expect(screen.getByText(/^If this is a corporate account/).textContent).toBe(
      "If this is a corporate account, type its customer's corporate id (the customer number it was created " +
        'for, e.g. the test customer 18129215603) in the PSU-Corporate-ID field above: the table reads with it.',
    )
    fireEvent.change(field, { target: { value: '18129215603' } })
    expect(await screen.findByText('No rows')).toBeDefined()
  })
})

describe('an account the bank did not answer for', () => {
  it('says why it could not be read, and asks for no corporate id', async () => {
    server.use(...proxyAnswers({ upstream: 'https://bank.example/api-sandbox', local: false }))
    withoutList(405)
    const id = await storedAccountId()
    const timedOut = () =>
      HttpResponse.json(
        {
          tppMessages: [
            { category: 'ERROR', code: 'UPSTREAM_TIMEOUT', text: 'did not answer within 30000 ms' },
          ],
        },
        { status: 504 },
      )
    server.use(
      http.get(apiUrl(`/v1/sandbox/card-accounts/${id}`), timedOut),
      http.get(apiUrl(`/v1/sandbox/card-accounts/${id}/transactions`), timedOut),
    )
    renderConsole(`?account=${id}`, 'proxy')

    expect(await screen.findByText(/^The account could not be read: HTTP 504/)).toBeDefined()
    expect(await screen.findByRole('group', { name: 'Could not load transactions (HTTP 504)' })).toBeDefined()
    expect(screen.queryByText(/^If this is a corporate account/)).toBeNull()
  })

  // A support engineer opened a link on a bank that timed out everything: the console waited for the list's
  // 30 s, then another 30 s for the account's read, before it said anything in the main area.
  it('that did not answer the list, is not asked for the account: the page says why, once, and Retry opens it', async () => {
    server.use(...proxyAnswers({ upstream: 'https://bank.example/api-sandbox', local: false }))
    const id = await storedAccountId()
    let listSilent = true
    const reads: string[] = []
    server.use(
      http.get(apiUrl('/v1/sandbox/card-accounts'), () =>
        listSilent
          ? HttpResponse.json(
              {
                tppMessages: [
                  { category: 'ERROR', code: 'UPSTREAM_TIMEOUT', text: 'did not answer within 30000 ms' },
                ],
              },
              { status: 504 },
            )
          : undefined,
      ),
      http.get(apiUrl(`/v1/sandbox/card-accounts/${id}`), () => {
        reads.push(id)
        return undefined
      }),
    )
    renderConsole(`?account=${id}`, 'proxy')

    const failure = await within(screen.getByRole('main')).findByRole('group', {
      name: `Could not open card account ${id} (HTTP 504)`,
    })
    expect(failure.textContent).toMatch(/did not answer within 30000 ms/)
    // One alert: the sidebar shows the list's failure without reading it out a second time.
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      expect.stringMatching(`^Could not open card account ${id}`),
    ])
    expect(reads).toEqual([])

    listSilent = false
    fireEvent.click(
      within(failure).getByRole('button', { name: `Retry: Could not open card account ${id} (HTTP 504)` }),
    )
    expect(await screen.findByRole('heading', { name: /^525412\*{6}3241/ })).toBeDefined()
  })
})

// A tester opened a shared link made with "Bad signature": the account joined the book as "could not be
// read", its 401 note kept after the switch was set back, and the page asked for a PSU-Corporate-ID.
describe('an account opened while the Signature switch spoils every request', () => {
  it('is not kept in the book, says why, and opens once the switch is set back', async () => {
    withoutList(405)
    const id = await storedAccountId()
    // What the signer does with a request the switch names (here the test's handlers stand in for it): the
    // sandbox refuses the spoiled signature.
    const spoiled = ({ request }: { request: Request }) =>
      request.headers.has(headerNames.consoleTamper)
        ? HttpResponse.json(
            {
              tppMessages: [
                {
                  category: 'ERROR',
                  code: 'SIGNATURE_INVALID',
                  text: 'the RSA-SHA256 signature does not verify',
                },
              ],
            },
            { status: 401 },
          )
        : undefined
    server.use(
      http.get(apiUrl(`/v1/sandbox/card-accounts/${id}`), spoiled),
      http.get(apiUrl(`/v1/sandbox/card-accounts/${id}/transactions`), spoiled),
    )
    const settings = createApiSettings()
    settings.tamper.write('bad-signature')
    const { client } = renderConsole(`?account=${id}`, 'offline', undefined, settings)

    const refusal = await screen.findByRole('group', { name: `Could not open card account ${id} (HTTP 401)` })
    expect(refusal.textContent).toContain(
      'Sent with the Signature switch on “Bad signature” (Test conditions): this refusal is the one it asks for.',
    )
    expect(screen.queryByText(/^If this is a corporate account/)).toBeNull()
    expect(client.book.of('this browser').entries).toEqual([])

    fireEvent.click(within(refusal).getByRole('button', { name: 'Sign correctly' }))
    expect(await screen.findByRole('heading', { name: /^525412\*{6}3241/ })).toBeDefined()
    expect(client.book.of('this browser').entries.map((entry) => [entry.id, entry.note])).toEqual([
      [id, undefined],
    ])
  })
})

describe("the Open dialog's PSU-Corporate-ID", () => {
  const corporate = { customerNumber: '18129215603', customerType: 'corporate', name: 'Nordlys Logistikk AS' }

  const openDialog = async () => {
    fireEvent.click(await screen.findByRole('button', { name: 'Open account…' }))
    return screen.findByRole('dialog', { name: 'Open card account' })
  }
  const corporateField = (dialog: HTMLElement) =>
    within(dialog).getByLabelText('PSU-Corporate-ID (corporate accounts only)')
  const hintOf = (field: HTMLElement) =>
    document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent
  const sentCorporateIds = (client: ReturnType<typeof renderConsole>['client'], id: string) =>
    client.log
      .snapshot()
      .flatMap((entry) => (entry.kind === 'request' && entry.url.includes(id) ? [entry] : []))
      .map((entry) => entry.requestHeaders.find(([name]) => name.toLowerCase() === 'psu-corporate-id')?.[1])

  it('says that, left empty, our own sandbox is sent "*", which opens a corporate account', async () => {
    server.use(...proxyAnswers())
    withoutList(405)
    const id = await storedAccountId(corporate)
    const { client } = renderConsole('', 'proxy')

    const dialog = await openDialog()
    await waitFor(() =>
      expect(hintOf(corporateField(dialog))).toBe(
        'Left empty, the console sends "*": this sandbox is the console\'s own, and a corporate account opens with any value.',
      ),
    )
    fireEvent.change(within(dialog).getByLabelText('Card account id or link'), { target: { value: id } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Open account' }))
    expect(await screen.findByRole('heading', { name: /Nordlys Logistikk AS · corporate/ })).toBeDefined()
    expect(sentCorporateIds(client, id)[0]).toBeDefined()
    expect(sentCorporateIds(client, id).at(-1)).toBe('*')
  })

  it("says that, left empty, a bank's sandbox is sent none, and refuses a corporate account", async () => {
    server.use(...proxyAnswers({ upstream: 'https://bank.example/api-sandbox', local: false }))
    withoutList(405)
    renderConsole('', 'proxy')

    const dialog = await openDialog()
    await waitFor(() =>
      expect(hintOf(corporateField(dialog))).toBe(
        'Left empty, none is sent: a corporate account is then refused (HTTP 400) until you type it.',
      ),
    )
  })

  it('keeps a typed value for the account: the field shows it and the reads send it', async () => {
    withoutList(405)
    const id = await storedAccountId(corporate)
    const { client } = renderConsole()

    const dialog = await openDialog()
    fireEvent.change(within(dialog).getByLabelText('Card account id or link'), { target: { value: id } })
    fireEvent.change(corporateField(dialog), { target: { value: '12345678901' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Open account' }))

    expect(await screen.findByRole('heading', { name: /Nordlys Logistikk AS · corporate/ })).toBeDefined()
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'PSU-Corporate-ID' }) as HTMLInputElement).value).toBe(
        '12345678901',
      ),
    )
    expect(await screen.findByText('No rows')).toBeDefined()
    // The log is newest first: every request about the account sent what was typed, none the customer number.
    expect(new Set(sentCorporateIds(client, id))).toEqual(new Set(['12345678901']))
  })
})

describe('a browser whose storage is full', () => {
  it('creates the account once, closes the dialog, lists it from the book and says what a reload loses', async () => {
    withoutList(405)
    renderConsole('', 'offline', createAccountBook(fullStorage()))

    fireEvent.click(await screen.findByRole('button', { name: '+ New card account' }))
    const dialog = await screen.findByRole('dialog', { name: 'New card account' })
    fireEvent.change(within(dialog).getByLabelText('Masked PAN'), { target: { value: '123456******7890' } })
    fireEvent.change(within(dialog).getByLabelText('Currency'), { target: { value: 'nok' } })
    fireEvent.change(within(dialog).getByLabelText('Customer number (PSU id)'), {
      target: { value: '13039319955' },
    })
    fireEvent.change(within(dialog).getByLabelText('Name (optional)'), { target: { value: 'Quota Full' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create account' }))

    const notice = await screen.findByRole('alert', { name: 'Browser storage' })
    // The account is in the sandbox: what a reload loses is the console's own list entry, which a bank's
    // sandbox without a list (this one answers 405) needs.
    expect(notice.textContent).toContain(
      "This browser's storage for the console is full, so the account book (the console's own list of the card accounts it created or opened) could not be saved: this page still has it, but a reload or another tab will not. The card accounts themselves are in their sandbox: where it lists its accounts (offline it does), the sidebar lists them again after a reload; a bank's sandbox without an account list shows only the accounts the book had kept, and Open… takes a new one's id. Free some space",
    )
    await waitFor(() => expect(dialog.isConnected).toBe(false))
    expect(await within(sidebar()).findByRole('link', { name: /^123456\*{6}7890.*Quota Full/ })).toBeDefined()
    expect((await sandbox.listCardAccounts()).map((account) => account.name)).toEqual(['Quota Full'])

    fireEvent.click(within(notice).getByRole('button', { name: 'Dismiss' }))
    await waitFor(() => expect(notice.isConnected).toBe(false))
  })
})
