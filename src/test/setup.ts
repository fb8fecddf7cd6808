// Vitest set-up shared by every unit test file; per-suite msw servers are started in the suites themselves.
export {}
