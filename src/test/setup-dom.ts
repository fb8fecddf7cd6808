// Vitest set-up of the lanes with a page (happy-dom or jsdom), after setup.ts: Testing Library is loaded only
// where a page is rendered.
import { configure } from '@testing-library/dom'
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'

interface JsdomConsole {
  removeAllListeners(event: 'jsdomError'): void
  on(event: 'jsdomError', listener: (problem: { type: string; message: string; cause?: Error }) => void): void
}

// A component test runs React, the page's accessibility queries and RSA signing for every request: a wait for
// an answer to show can take longer than the default 1 s on a busy machine, and a lazily loaded part (a
// dialog, the transactions view) adds its first import. This only bounds how long a failing wait takes.
configure({ asyncUtilTimeout: 20_000 })

// jsdom reports what it cannot do (a navigation, a reload) to the console it was made with, which is not the
// one src/test/console.ts guards, so such a line was printed and the test passed. Sent to the guarded console,
// it fails the test unless the test expects it (`expectConsole`): a reload asked for is then a thing asserted.
const jsdom = (globalThis as { jsdom?: { virtualConsole: JsdomConsole } }).jsdom
jsdom?.virtualConsole.removeAllListeners('jsdomError')
jsdom?.virtualConsole.on('jsdomError', (problem) =>
  console.error(problem.type === 'unhandled-exception' ? problem.cause?.stack : problem.message),
)

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
