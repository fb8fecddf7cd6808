import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type ApiClient, createApiClient } from '../api'
import { expectConsole } from '../test/console'
import { ChunkBoundary, ViewChunkBoundary } from '../ui/ChunkBoundary'
import { lazyChunk } from '../ui/lazy-chunk'
import { AppErrorBoundary } from './AppErrorBoundary'
import { Providers } from './Providers'
import { reportErrorsTo } from './report-errors'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

function Broken(): never {
  throw new Error('the table met a value it cannot show')
}

const Unloadable = lazyChunk<{ onClose: () => void }>(() =>
  Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/Dialog-x.js')),
)

/** The tree as main.tsx builds it, with React's error callbacks writing into the client's log. */
function renderApp(client: ApiClient, children: ReactNode) {
  // Every caught error goes to the console too, with its stack, as React's own reporting would.
  expectConsole(
    'error',
    /^(ChunkLoadError: could not load a part|Error: the table met a value it cannot show)/,
  )
  const { onCaughtError, onRecoverableError } = reportErrorsTo(client.log)
  return render(
    <Providers client={client} offline={undefined}>
      <AppErrorBoundary>{children}</AppErrorBoundary>
    </Providers>,
    { onCaughtError, onRecoverableError },
  )
}

describe('a chunk that cannot be loaded', () => {
  it('says so in a dialog with Reload, and Close gives the console back', async () => {
    const client = createApiClient({ mode: 'proxy' })
    const onClose = vi.fn()
    renderApp(
      client,
      <>
        <p>The rest of the console</p>
        <ChunkBoundary title="New card account" onClose={onClose}>
          <Unloadable onClose={onClose} />
        </ChunkBoundary>
      </>,
    )

    const dialog = await screen.findByRole('dialog', { name: 'New card account' })
    expect(dialog.textContent).toContain('This dialog could not be loaded.')
    expect(screen.getByRole('button', { name: 'Reload' })).toBeDefined()
    expect(screen.getByText('The rest of the console')).toBeDefined()
    fireEvent.click(screen.getAllByRole('button', { name: 'Close' }).at(-1) as HTMLElement)
    expect(onClose).toHaveBeenCalledOnce()

    const [entry] = client.log.snapshot()
    expect(entry).toMatchObject({ kind: 'app-error', report: 'caught' })
    expect(entry?.kind === 'app-error' && entry.message).toMatch(/^ChunkLoadError: could not load a part/)
  })
})

describe('a part of the page whose chunk cannot be loaded', () => {
  it('says so in its place with Reload; the rest of the console stays', async () => {
    const client = createApiClient({ mode: 'proxy' })
    renderApp(
      client,
      <>
        <p>The rest of the console</p>
        <ViewChunkBoundary loading={<p>Loading the transactions…</p>}>
          <Unloadable onClose={() => {}} />
        </ViewChunkBoundary>
      </>,
    )

    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('This part of the console could not be loaded.')
    expect(within(alert).getByRole('button', { name: 'Reload' })).toBeDefined()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.getByText('The rest of the console')).toBeDefined()
  })
})

describe('a render error', () => {
  it('inside a chunk is not taken for a missing chunk: the recovery screen shows it', () => {
    const client = createApiClient({ mode: 'proxy' })
    renderApp(
      client,
      <ChunkBoundary title="New card account" onClose={() => {}}>
        <Broken />
      </ChunkBoundary>,
    )

    expect(screen.getByRole('heading', { name: 'The console stopped' })).toBeDefined()
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('shows the recovery screen: what happened, Reload, the other mode, and the log entry', () => {
    const client = createApiClient({ mode: 'proxy' })
    renderApp(client, <Broken />)

    expect(screen.getByRole('alert').textContent).toContain('The error: the table met a value it cannot show')
    expect(screen.getByRole('button', { name: 'Reload' })).toBeDefined()
    expect(screen.getByRole('button', { name: 'Switch to Offline (in-browser)' })).toBeDefined()
    // Proxy mode: no offline data to save or clear.
    expect(screen.queryByRole('button', { name: 'Export JSON' })).toBeNull()

    const entries = client.log.snapshot()
    expect(entries).toHaveLength(1)
    const [entry] = entries
    expect(entry).toMatchObject({
      kind: 'app-error',
      report: 'caught',
      message: 'Error: the table met a value it cannot show',
    })
    expect(entry?.kind === 'app-error' && entry.componentStack).toContain('Broken')
    // The recovery screen's inspector lists it.
    expect(screen.getByRole('region', { name: 'Request inspector' }).textContent).toContain('1 app error')
  })
})
