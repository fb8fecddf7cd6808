import { expect, test } from './fixtures'
import { clockBadge, openConsole } from './support'

// Values in this origin's localStorage that no console can read (a hand edit, a script): the console
// starts, replaces them, and says once what that cost.

const CLOCK = 'sandbox-console.clock'
const BOOK = 'sandbox-console.account-book'

const unreadable: [clock: string, book: string][] = [
  ['garbage{', 'not json at all'],
  ['{"setting":{"kind":"follows","offsetDays":"abc"}}', '[1,2,3]'],
  ['{"setting":{"kind":"frozen","date":"2026-02-30"},"settlePendingAfterDays":null}', '{"format":1}'],
]

// One page for the three: each is written over what the console left of the one before, as a hand edit would
// be, and read by a reload.
test('an unreadable clock and book are replaced and said once, each of three kinds', async ({ page }) => {
  await openConsole(page)
  for (const [clock, book] of unreadable) {
    await test.step(`clock ${clock}, book ${book}`, async () => {
      await page.evaluate(
        (values) => {
          for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value)
        },
        { [CLOCK]: clock, [BOOK]: book },
      )
      await page.reload()

      const notice = page.getByRole('alert', { name: 'Browser storage' })
      await expect(notice).toContainText(
        "The sandbox clock's setting stored in this browser could not be read, so the clock is back on the real date.",
      )
      await expect(notice).toContainText(
        'The account book stored in this browser could not be read, so it started again empty',
      )
      await expect(clockBadge(page)).toHaveCount(0)
      expect(
        await page.evaluate((keys) => keys.map((key) => localStorage.getItem(key)), [CLOCK, BOOK]),
      ).toEqual([null, null])

      await page.reload()
      await expect(page.getByRole('heading', { name: 'Card accounts', exact: true })).toBeVisible()
      await expect(page.getByRole('complementary').getByText('Loading…')).toHaveCount(0)
      await expect(notice).toHaveCount(0)
    })
  }
})
