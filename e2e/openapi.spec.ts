import { operationList } from '../src/contract/operations'
import { expect, test } from './fixtures'
import { openConsole } from './support'

test('Help links the OpenAPI document, which the console serves in its mode', async ({ page }) => {
  await openConsole(page)
  await page.getByRole('button', { name: 'Help' }).click()
  const link = page.getByRole('dialog', { name: 'Help' }).getByRole('link', { name: '/openapi.json' })
  await expect(link).toHaveAttribute('href', '/openapi.json')

  // Fetched by the page itself: offline, the sandbox's service worker has to let it through.
  const served = await page.evaluate(async () => {
    const response = await fetch('/openapi.json')
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      body: await response.json(),
    }
  })
  expect(served.status).toBe(200)
  expect(served.type).toContain('application/json')
  expect(served.body.openapi).toMatch(/^3\.1\./)
  expect(served.body.servers).toEqual([expect.objectContaining({ url: '/api' })])
  const documented = Object.entries(served.body.paths as Record<string, object>).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
  )
  // Every operation at its path, and the console's own also at the paths they had before, for one release.
  const operations = operationList.flatMap(({ method, path, deprecatedPaths = [] }) =>
    [path, ...deprecatedPaths].map((p) => `${method} ${p}`),
  )
  expect(documented.sort()).toEqual(operations.sort())
})
