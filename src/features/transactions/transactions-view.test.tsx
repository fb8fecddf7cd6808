import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http, type JsonBodyType } from 'msw'
import { describe, expect, it } from 'vitest'
import { apiUrl, renderConsole, sandboxForEachTest } from '../../test/render-console'

const { server, sandbox } = sandboxForEachTest()

async function accountId(): Promise<string> {
  const created = await sandbox.createCardAccount(
    { maskedPan: '1234********4321', currency: 'NOK', customerNumber: '13039319955' },
    { fixes: new Set() },
  )
  if (!created.ok) throw new Error('the test account was refused')
  return created.value.resourceId
}

/** Answers the account's transactions with `body` as a sandbox sent it, and records what was asked. */
function answerTransactions(id: string, body: JsonBodyType): URL[] {
  const asked: URL[] = []
  server.use(
    http.get(apiUrl(`/v1/sandbox/card-accounts/${id}/transactions`), ({ request }) => {
      asked.push(new URL(request.url))
      return HttpResponse.json(body)
    }),
  )
  return asked
}

const table = () => screen.findByRole('table', { name: /^Transactions of/ })

describe('the transactions table reads a sandbox liberally', () => {
  it("opens each row to the fields no column shows and the element's raw JSON", async () => {
    const id = await accountId()
    answerTransactions(id, {
      cardAccount: { maskedPan: '1234xxxxxxxx4321' },
      cardTransactions: {
        booked: [
          {
            cardTransactionId: 'test-1',
            terminalId: 'tid',
            bookingDate: '2019-05-08',
            transactionDate: '2019-05-08',
            transactionAmount: { currency: 'NOK', amount: 100 },
            originalAmount: { currency: 'NOK', amount: 100 },
            merchantCategoryCode: 'BOB',
            markupFeePercentage: '20',
            proprietaryBankTransactionCode: '',
          },
        ],
        pending: [],
      },
    })
    renderConsole(`?account=${id}&status=both`)

    const row = within(await table()).getByRole('row', { name: /test-1/ })
    expect(within(row).getAllByText('+100')).toHaveLength(2)
    const toggle = within(row).getByRole('button', { name: 'Details of transaction test-1' })
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    fireEvent.click(toggle)

    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    const detail = document.getElementById(toggle.getAttribute('aria-controls') ?? '') as HTMLElement
    const fields = [...detail.querySelectorAll('dt')].map(
      (dt) => `${dt.textContent}=${dt.nextSibling?.textContent}`,
    )
    expect(fields).toEqual([
      // The columns a narrow screen hides (styles.css shows these two only there).
      'Tx date=2019-05-08',
      'Transaction id=test-1',
      'terminalId=tid',
      'markupFeePercentage=20',
      'proprietaryBankTransactionCode=(empty)',
    ])
    const raw = JSON.parse(detail.querySelector('pre')?.textContent ?? '')
    expect(raw.transactionAmount).toEqual({ currency: 'NOK', amount: 100 })
    expect(raw.merchantCategoryCode).toBe('BOB')
  })

  it('shows a pending element sent as a plain string as a pending row with its text', async () => {
    const id = await accountId()
    answerTransactions(id, {
      cardAccount: { maskedPan: '1234xxxxxxxx4321' },
      cardTransactions: { booked: [], pending: ['Kiosk 12.50 NOK, awaiting settlement'] },
    })
    renderConsole(`?account=${id}&status=both`)

    const row = within(await table()).getByRole('row', { name: /Kiosk 12\.50 NOK/ })
    expect(within(row).getByText('Pending')).toBeDefined()
    fireEvent.click(
      within(row).getByRole('button', {
        name: 'Details of pending row 1: Kiosk 12.50 NOK, awaiting settlement',
      }),
    )
    expect(screen.getByText('"Kiosk 12.50 NOK, awaiting settlement"')).toBeDefined()
  })

  it('shows an answer it cannot read as it came, with what was unexpected, and no error', async () => {
    const id = await accountId()
    answerTransactions(id, { cardAccount: { maskedPan: 'x' }, cardTransactions: { booked: 'none' } })
    renderConsole(`?account=${id}&status=both`)

    const note = await screen.findByText(/The transactions answer is not in the shape the console expects/)
    const notice = note.parentElement as HTMLElement
    expect(within(notice).getByRole('listitem').textContent).toMatch(
      /^cardTransactions\.booked: .*expected array/,
    )
    expect(JSON.parse(notice.querySelector('pre')?.textContent ?? '')).toEqual({
      cardAccount: { maskedPan: 'x' },
      cardTransactions: { booked: 'none' },
    })
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it("follows _links.next under the console's /api, whatever base the sandbox linked under", async () => {
    const id = await accountId()
    const page = (offset: number) => ({
      cardAccount: { maskedPan: '1234xxxxxxxx4321' },
      cardTransactions: {
        booked: [
          {
            cardTransactionId: `tx-${offset}`,
            bookingDate: '2026-01-02',
            transactionDate: '2026-01-01',
            transactionAmount: { currency: 'NOK', amount: '-1.00' },
            originalAmount: { currency: 'NOK', amount: '-1.00' },
            merchantCategoryCode: '5411',
          },
        ],
        pending: [],
        _links: {
          // The platform's links carry its host and base path, and a page size of its own choosing.
          next: {
            href: `https://psd2.example-bank.no/api-sandbox/v1/sandbox/card-accounts/${id}/transactions?bookingStatus=booked&offset=${offset + 7}&limit=7`,
          },
        },
      },
    })
    const asked: URL[] = []
    server.use(
      http.get(apiUrl(`/v1/sandbox/card-accounts/${id}/transactions`), ({ request }) => {
        const url = new URL(request.url)
        asked.push(url)
        return HttpResponse.json(page(Number(url.searchParams.get('offset'))))
      }),
    )
    renderConsole(`?account=${id}&status=booked&limit=5`)

    await within(await table()).findByRole('row', { name: /tx-0/ })
    fireEvent.click(screen.getByRole('button', { name: 'Next ›' }))

    await waitFor(() => expect(screen.getByRole('row', { name: /tx-7/ })).toBeDefined())
    const last = asked.at(-1) as URL
    expect(`${last.pathname}${last.search}`).toBe(
      `/api/v1/sandbox/card-accounts/${id}/transactions?bookingStatus=booked&offset=7&limit=7`,
    )
    expect(location.search).toContain('offset=7&limit=7')
  })
})
