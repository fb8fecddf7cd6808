// Vitest set-up shared by every unit test file; per-suite msw servers are started in the suites themselves.
import { configure } from '@testing-library/dom'
import { vi } from 'vitest'
import { failOnConsole } from './console'

// A component test runs React, jsdom's accessibility queries and RSA signing for every request: on a
// busy two-core machine a test, a hook (one making RSA keys) or a wait for an answer to show can take
// longer than the defaults (5 s, 10 s and 1 s) without anything being wrong, and a lazily loaded part (a
// dialog, the transactions view) adds its first import. These only bound how long a failing test takes to
// fail.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 })
configure({ asyncUtilTimeout: 20_000 })

// An unexpected console.error or console.warn (React's warnings, msw's unhandled requests) fails the test.
failOnConsole()
