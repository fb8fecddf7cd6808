import { onTestFinished, vi } from 'vitest'

/** What the console's downloads hand to the browser (an anchor's click on a blob URL): each file's name and JSON. */
export function captureDownloads(): () => Promise<{ name: string; json: unknown }[]> {
  const files: { name: string; blob: Blob }[] = []
  let last: Blob | undefined
  const create = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    last = blob as Blob
    return 'blob:download'
  })
  const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    if (last) files.push({ name: this.download, blob: last })
  })
  onTestFinished(() => {
    create.mockRestore()
    revoke.mockRestore()
    click.mockRestore()
  })
  return () =>
    Promise.all(
      files.map(async ({ name, blob }) => ({ name, json: JSON.parse(await blob.text()) as unknown })),
    )
}
