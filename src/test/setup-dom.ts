// Vitest set-up of the lanes with a page (happy-dom), after setup.ts: Testing Library is loaded only where a
// page is rendered.
import { configure } from '@testing-library/dom'
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'

// A component test runs React, the page's accessibility queries and RSA signing for every request: a wait for
// an answer to show can take longer than the default 1 s on a busy machine, and a lazily loaded part (a
// dialog, the transactions view) adds its first import. This only bounds how long a failing wait takes.
configure({ asyncUtilTimeout: 20_000 })

// The lane is not isolated: one page serves a worker's files in turn. A test that leaves a query or a
// fragment in the address (a shared link's #share= put back by a reload) would make the next file's console
// open that view or that link; every test ends on the bare page.
// The same for what a test rendered: Testing Library unmounts by itself only where Vitest's globals are on,
// and a dialog left open would be found by the next file's queries.
// (The slow lane runs node files with this set-up too: they have no page.)
afterEach(() => {
  cleanup()
  if (typeof history !== 'undefined') history.replaceState(null, '', '/')
})
