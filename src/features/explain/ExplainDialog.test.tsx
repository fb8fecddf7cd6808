import { readFileSync } from 'node:fs'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { expect, it } from 'vitest'
import { tamperSignedHeaders } from '../../signing'
import { startConsole } from '../../test/render'

// In a page's test Vite turns `new URL(…, import.meta.url)` into an asset's address: the corpus is found
// from the project's root.
const corpus = (name: string) => readFileSync(`${process.cwd()}/src/features/explain/corpus/${name}`)

it('opens from the header, diagnoses a pasted curl and an uploaded HAR, and names the findings', async () => {
  const { user, renderApp } = await startConsole()
  renderApp()
  await user.click(screen.getByRole('button', { name: 'Explain & share' }))
  await user.click(screen.getByRole('button', { name: 'Explain a request…' }))
  const dialog = within(await screen.findByRole('dialog', { name: 'Explain a request' }))

  // Typing a whole curl command key by key takes long; a paste is one change event.
  fireEvent.change(dialog.getByLabelText('Request: raw HTTP, curl or HAR'), {
    target: { value: corpus('digest-reserialised.curl').toString('utf8') },
  })
  await user.click(dialog.getByRole('checkbox', { name: /judge the Date and the certificate as of/ }))
  await user.click(dialog.getByRole('button', { name: 'Diagnose' }))

  expect(await dialog.findByText(/This sandbox refuses the request: 401 SIGNATURE_INVALID/)).toBeDefined()
  const finding = within(dialog.getByRole('listitem'))
  expect(finding.getByRole('heading').textContent).toBe(
    'This sandbox refuses it The Digest was computed over other bytes than the body',
  )
  expect(finding.getByText(/line endings \(CRLF or LF\) or its charset may have changed/)).toBeDefined()
  expect(finding.getByText('SHA-256=2AIm5GPA3nw4wRvnerfF1eu4GU1ii4JjNvJMxiQvjQM=')).toBeDefined()
  expect(finding.getByText('SHA-256=ihAjXoFNZb107YHBucVza9DpvgKIOB6IFph8Cr4QlEQ=')).toBeDefined()

  const har = new File([corpus('good-post-base64.har')], 'good-post-base64.har')
  await user.upload(dialog.getByLabelText(/or open a file/), har)
  await user.click(dialog.getByRole('button', { name: 'Diagnose' }))
  expect(await dialog.findByText(/^No problem found/)).toBeDefined()
  expect(dialog.getByText(/Read as HAR: POST/).textContent).toContain('its exact bytes')
})

// A first-time tester pasted a request, read its diagnosis, pressed Escape and came back to an empty dialog.
it('keeps a pasted request and its diagnosis for the tab: Escape closes without asking', async () => {
  const { user, renderApp } = await startConsole()
  renderApp()
  const open = async () => {
    await user.click(screen.getByRole('button', { name: 'Explain & share' }))
    await user.click(screen.getByRole('button', { name: 'Explain a request…' }))
    return within(await screen.findByRole('dialog', { name: 'Explain a request' }))
  }
  const requestBox = (dialog: ReturnType<typeof within>) =>
    dialog.getByLabelText('Request: raw HTTP, curl or HAR') as HTMLTextAreaElement
  const closed = () => expect(screen.queryByRole('dialog', { name: 'Explain a request' })).toBeNull()

  let dialog = await open()
  fireEvent.change(requestBox(dialog), {
    target: { value: corpus('digest-reserialised.curl').toString('utf8') },
  })
  await user.keyboard('{Escape}')
  closed()
  dialog = await open()
  expect(requestBox(dialog).value).toMatch(/^curl /)
  expect(dialog.queryByRole('heading', { name: 'Diagnosis' })).toBeNull()

  await user.click(dialog.getByRole('checkbox', { name: /judge the Date and the certificate as of/ }))
  await user.click(dialog.getByRole('button', { name: 'Diagnose' }))
  await dialog.findByText(/This sandbox refuses the request: 401 SIGNATURE_INVALID/)
  const read = dialog.getByText(/^Read as curl:/).textContent
  await user.keyboard('{Escape}')
  closed()

  dialog = await open()
  expect(requestBox(dialog).value).toMatch(/^curl /)
  expect(dialog.getByRole('checkbox', { name: /judge the Date and the certificate as of/ })).toHaveProperty(
    'checked',
    true,
  )
  expect(await dialog.findByText(/This sandbox refuses the request: 401 SIGNATURE_INVALID/)).toBeDefined()
  expect(dialog.getByText(/^Read as curl:/).textContent).toBe(read)

  // An opened file is not kept: closing with one asks first.
  await user.upload(
    dialog.getByLabelText(/or open a file/),
    new File([corpus('good-post-base64.har')], 'a.har'),
  )
  await user.keyboard('{Escape}')
  expect(
    await dialog.findByText('Discard the file you opened? Pasted text is kept for this tab, a file is not.'),
  ).toBeDefined()
  await user.click(dialog.getByRole('button', { name: 'Keep editing' }))
  expect(screen.getByRole('dialog', { name: 'Explain a request' })).toBeDefined()
})

it("reads the console's own offline HAR: X-Console-Date as Date, said as information, no finding", async () => {
  const { user, renderApp } = await startConsole()
  // Offline, the console signed in the page until the proxy's stand-in took over: its HARs, 1fc425f's among
  // them, carry the signed Date as X-Console-Date. Its first request, as the console exported it.
  const har = JSON.parse(
    readFileSync(
      `${process.cwd()}/src/test-data/made-by-1fc425f/sandbox-console-session.har-2026-11-26.json`,
      'utf8',
    ),
  )
  const oneRequest = { log: { ...har.log, entries: har.log.entries.slice(0, 1) } }
  renderApp()
  await user.click(screen.getByRole('button', { name: 'Explain & share' }))
  await user.click(screen.getByRole('button', { name: 'Explain a request…' }))
  const dialog = within(await screen.findByRole('dialog', { name: 'Explain a request' }))
  fireEvent.change(dialog.getByLabelText('Request: raw HTTP, curl or HAR'), {
    target: { value: JSON.stringify(oneRequest) },
  })
  await user.click(dialog.getByRole('button', { name: 'Diagnose' }))

  expect(await dialog.findByText(/^No problem found/)).toBeDefined()
  const information = within(dialog.getByRole('list', { name: 'Information' }))
  expect(information.getByText(/^Read X-Console-Date as Date/)).toBeDefined()
})

// docs/decisions.md#error-order: X-Request-ID is checked before the signature, so the headline says that first.
it('heads with the 400 for a request without a well-formed X-Request-ID, then the signature', async () => {
  const { user, renderApp } = await startConsole()
  renderApp()
  await user.click(screen.getByRole('button', { name: 'Explain & share' }))
  await user.click(screen.getByRole('button', { name: 'Explain a request…' }))
  const dialog = within(await screen.findByRole('dialog', { name: 'Explain a request' }))
  const curl = corpus('digest-reserialised.curl')
    .toString('utf8')
    .replace(/X-Request-ID: [0-9a-f-]+/, 'X-Request-ID: 42')
  fireEvent.change(dialog.getByLabelText('Request: raw HTTP, curl or HAR'), { target: { value: curl } })
  await user.click(dialog.getByRole('button', { name: 'Diagnose' }))
  const headline = await dialog.findByText(/^This sandbox refuses the request: 400 FORMAT_ERROR/)
  expect(headline.textContent).toMatch(
    /X-Request-ID is not a UUID, which is checked before the signature; once it is one, 401 SIGNATURE_INVALID/,
  )
})

it('says in one line what the sandbox makes of each request, in the order it checks', async () => {
  const { user, renderApp } = await startConsole()
  renderApp()
  await user.click(screen.getByRole('button', { name: 'Explain & share' }))
  await user.click(screen.getByRole('button', { name: 'Explain a request…' }))
  const dialog = within(await screen.findByRole('dialog', { name: 'Explain a request' }))
  await user.click(dialog.getByRole('checkbox', { name: /judge the Date and the certificate as of/ }))
  const verdictLine = () => document.querySelector('p.verdict')?.textContent
  const verdictOf = async (text: string) => {
    const before = verdictLine()
    fireEvent.change(dialog.getByLabelText('Request: raw HTTP, curl or HAR'), { target: { value: text } })
    await user.click(dialog.getByRole('button', { name: 'Diagnose' }))
    // Each request below gets another verdict than the one before it: the line is the new one once it changed.
    await waitFor(() => expect(verdictLine()).not.toBe(before))
    return verdictLine()
  }
  const goodPost = corpus('good-post.http').toString('utf8')
  const curl = corpus('digest-reserialised.curl').toString('utf8')

  expect(await verdictOf(goodPost.replace(/^X-Request-ID: [^\n]*\n/m, ''))).toMatch(
    /^This sandbox refuses the request: 400 FORMAT_ERROR, X-Request-ID is missing, which is checked before the signature; once it is one, 401 SIGNATURE_INVALID: /,
  )
  expect(await verdictOf(`${curl.slice(0, curl.indexOf('--data-raw'))}-d @body.json`)).toBe(
    'The Digest cannot be judged without the body: add the body file the curl command reads, and diagnose again.',
  )
  expect(await verdictOf(corpus('header-names-upper-list.http').toString('utf8'))).toBe(
    'This sandbox accepts the request, but one finding may make a stricter bank refuse it.',
  )
  expect(await verdictOf(goodPost)).toBe(
    'No problem found: this sandbox accepts the request, and it follows the rules a bank applies.',
  )
})

// A first-time tester spoiled a signature with the Signature switch and was told the certificate did not
// match the key: the certificate and the key were right, only the signature's bytes had changed.
it('says of a signature spoiled after signing that it does not verify, and names both causes', async () => {
  const { user, renderApp } = await startConsole()
  renderApp()
  await user.click(screen.getByRole('button', { name: 'Explain & share' }))
  await user.click(screen.getByRole('button', { name: 'Explain a request…' }))
  const dialog = within(await screen.findByRole('dialog', { name: 'Explain a request' }))
  const goodPost = corpus('good-post.http').toString('utf8')
  const signature = /^Signature: (.*)$/m.exec(goodPost)?.[1] ?? ''
  const spoiled = tamperSignedHeaders({ Signature: signature }, 'bad-signature').Signature ?? ''
  expect(spoiled).not.toBe(signature)
  fireEvent.change(dialog.getByLabelText('Request: raw HTTP, curl or HAR'), {
    target: { value: goodPost.replace(signature, spoiled) },
  })
  await user.click(dialog.getByRole('checkbox', { name: /judge the Date and the certificate as of/ }))
  await user.click(dialog.getByRole('button', { name: 'Diagnose' }))

  expect(
    await dialog.findByText('This sandbox refuses the request: 401 SIGNATURE_INVALID. One problem to fix.'),
  ).toBeDefined()
  const finding = within(dialog.getByRole('listitem'))
  expect(finding.getByRole('heading').textContent).toBe(
    "This sandbox refuses it The signature does not verify with the certificate's public key",
  )
  expect(finding.getByText(/the request alone cannot tell why/).textContent).toMatch(
    /Either the client signed with another key than this certificate's, or the signature's value was changed after signing/,
  )
  expect(finding.getByText('Fix:').parentElement?.textContent).toMatch(
    /^Fix: If the client signs with another key: send the certificate that belongs to the signing key .* If the value was changed: send the Signature header exactly as the signer wrote it\.$/,
  )
  expect(dialog.queryByText(/does not match the key/)).toBeNull()
})
