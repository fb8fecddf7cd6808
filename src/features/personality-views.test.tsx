// Every bank personality read by every view of the whole console (docs/decisions.md#personalities): the
// real handlers shaped by each one, the proxy's offline stand-in, the app as offline mode starts it. A view that is
// strict where it must read liberally (docs/decisions.md#liberal-reading) fails here for that personality.
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { personalityNames } from '../contract'
import { startConsole } from '../test/render'
import { seedAccount, seedTransactions, today, transaction } from '../test/seed'

// The whole console rendered, signing and verifying every request, eight times over: on a busy machine
// that can take longer than vitest's default. It bounds how long a failing test takes, nothing else.
vi.setConfig({ testTimeout: 60_000 })

/** What the Export HAR button hands to the browser's download, as JSON. */
function captureDownloads(): () => Promise<unknown[]> {
  const blobs: Blob[] = []
  const create = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    blobs.push(blob as Blob)
    return 'blob:download'
  })
  const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
  onTestFinished(() => {
    create.mockRestore()
    revoke.mockRestore()
    click.mockRestore()
  })
  return () => Promise.all(blobs.map(async (blob) => JSON.parse(await blob.text()) as unknown))
}

describe.each(personalityNames)('the %s personality', (personality) => {
  it('is read by the table, the chart, the account header, share and the HAR export', async () => {
    const { sandbox, user, renderApp } = await startConsole({ personality })
    const account = await seedAccount(sandbox, { name: 'Everyday card' })
    await seedTransactions(sandbox, account.resourceId, [
      transaction({ cardTransactionId: 'tx-1', transactionAmount: { currency: 'NOK', amount: '-12.50' } }),
      transaction({
        cardTransactionId: 'p-1',
        bookingStatus: 'pending',
        bookingDate: undefined,
        transactionDate: today,
      }),
    ])
    const downloads = captureDownloads()
    // A bank that books only refuses `both`, rightly: its view asks for booked, the default.
    const status = personality === 'booked-only' ? '' : '&status=both'
    history.replaceState(null, '', `/?account=${encodeURIComponent(account.resourceId)}${status}`)
    renderApp()

    // The table: the booked row, and the pending one however the bank wrote it.
    const view = within(await screen.findByRole('region', { name: /Everyday card|525412/ }))
    expect(await view.findByRole('cell', { name: 'tx-1' })).toBeDefined()
    // A pending line of text (pending-strings, platform) is shown as the bank wrote it.
    if (status) expect(await view.findByRole('cell', { name: /^p-1\b/ })).toBeDefined()
    // The account header names the account, not an error.
    expect(view.getByRole('heading', { level: 2 }).textContent).toMatch(/Everyday card|525412/)

    // The chart: its summary, or for a bank without one the pages it read; never an error.
    const chart = within(await view.findByRole('region', { name: 'Transactions over time' }))
    // (The platform's pending line of text has no date the chart can place: it is counted, and the chart
    // says it is not on it. A bank that books only lists no pending transaction, so its chart counts none.)
    await waitFor(() =>
      expect(chart.getByText(/^[12] transactions?: /).textContent).toMatch(
        personality === 'booked-only'
          ? /^1 transaction: 1 booked, 0 pending/
          : /^2 transactions: 1 booked, 1 pending/,
      ),
    )
    expect(chart.queryByText(/Could not/)).toBeNull()
    expect(view.queryByText(/Unrecognized key|did not answer as expected/i)).toBeNull()

    // Share: the view's requests to link to, and the session as HAR. (The link itself:
    // src/features/share/share-link.test.ts.)
    await user.click(screen.getByRole('button', { name: 'Explain & share' }))
    await user.click(screen.getByRole('button', { name: 'Share…' }))
    const share = within(await screen.findByRole('dialog', { name: 'Share what you see' }))
    const choices = within(share.getByRole('combobox', { name: 'Request to include' })).getAllByRole('option')
    expect(choices.length).toBeGreaterThanOrEqual(3)
    await user.click(share.getByRole('button', { name: 'Export HAR' }))
    const [har] = (await downloads()) as {
      log: { entries: { request: { url: string }; response: { status: number } }[] }
    }[]
    const answers = (har?.log.entries ?? []).map(
      (e) => `${e.response.status} ${new URL(e.request.url).pathname}`,
    )
    expect(answers).toContainEqual(expect.stringMatching(/^200 .*\/transactions$/))
    // Signed and verified every one; a bank without the sandbox's own routes, or without an account list
    // (the platform), answers those 404 or 405, as docs/decisions.md#personalities says.
    for (const answer of answers)
      expect(answer).toMatch(/^(2\d\d .*|404 .*\/summary|40[45] .*\/clock|405 .*\/card-accounts)$/)
  })
})
