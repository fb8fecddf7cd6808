// Vitest set-up shared by every unit test file; per-suite msw servers are started in the suites themselves.
import { afterEach, vi } from 'vitest'
import { storageTrouble } from '../api/storage-notices'
import { failOnConsole } from './console'

// On a busy two-core machine a test or a hook (one making RSA keys) can take longer than the defaults (5 s
// and 10 s) without anything being wrong. These only bound how long a failing test takes to fail.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 })

// An unexpected console.error or console.warn (React's warnings, msw's unhandled requests) fails the test.
failOnConsole()

// The lanes share modules between files: what one test's storage refused is not the next test's to hear.
afterEach(() => storageTrouble.forget())
