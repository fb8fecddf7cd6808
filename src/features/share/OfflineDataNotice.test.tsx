import { screen, within } from '@testing-library/react'
import { expect, it, onTestFinished } from 'vitest'
import { startConsole } from '../../test/render'
import { seedAccount } from '../../test/seed'
import { ShareDialog } from './ShareDialog'

/** What the download got, by file name: the anchor's click is the browser's download. */
function captureDownloads(): { name: string; blob: Blob }[] {
  const downloads: { name: string; blob: Blob }[] = []
  const originals = { create: URL.createObjectURL, revoke: URL.revokeObjectURL }
  const click = HTMLAnchorElement.prototype.click
  let last: Blob | undefined
  URL.createObjectURL = (blob: Blob | MediaSource) => {
    last = blob as Blob
    return 'blob:download'
  }
  URL.revokeObjectURL = () => {}
  HTMLAnchorElement.prototype.click = function capture(this: HTMLAnchorElement) {
    if (last) downloads.push({ name: this.download, blob: last })
  }
  onTestFinished(() => {
    URL.createObjectURL = originals.create
    URL.revokeObjectURL = originals.revoke
    HTMLAnchorElement.prototype.click = click
  })
  return downloads
}

it('offline, says before sharing that the data stays in this browser, and exports it on request', async () => {
  const { user, render, sandbox } = await startConsole()
  const account = await seedAccount(sandbox)
  const downloads = captureDownloads()
  render(<ShareDialog onClose={() => {}} />)
  const dialog = within(await screen.findByRole('dialog', { name: 'Share what you see' }))

  expect(dialog.getByText(/exist only here/).textContent).toBe(
    'Offline data stays in this browser. The accounts and transactions these requests name exist only here: whoever opens the link or runs the collection elsewhere gets 404s for them unless they load the same data first (Import JSON…, or a scenario under Scenarios…).',
  )
  await user.click(dialog.getByRole('button', { name: 'Export the data too' }))

  expect(await dialog.findByText('Data exported: send the file with the link or collection.')).toBeDefined()
  expect(downloads.map((file) => file.name)).toEqual([
    expect.stringMatching(/^sandbox-console-\d{4}-\d\d-\d\d\.json$/),
  ])
  const file = JSON.parse(await (downloads[0]?.blob.text() ?? '""'))
  expect(
    file.cardAccounts.map((entry: { account: { resourceId: string } }) => entry.account.resourceId),
  ).toEqual([account.resourceId])
})
