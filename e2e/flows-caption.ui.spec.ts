import { expect, test } from './fixtures'
import { openConsole, openHeaderGroup } from './support'

// A projector's screens: the caption tells the audience what comes next, so it is never scrolled away.
for (const viewport of [
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
]) {
  test(`a flow's caption stays in view in presenter mode at ${viewport.width}×${viewport.height}`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport)
    await openConsole(page)
    await openHeaderGroup(page, 'Explain & share')
    await page.getByRole('button', { name: 'Presenter mode' }).click()
    await openHeaderGroup(page, 'Explain & share')
    await page.getByRole('button', { name: 'Flows…' }).click()
    const panel = page.getByRole('region', { name: 'Flow' })
    await panel.getByRole('combobox', { name: 'Flow to run' }).selectOption('Why did my signature fail?')
    await expect(panel.getByRole('button', { name: 'Run next step →' })).toBeFocused()
    const caption = panel.getByText(/^(Next, step \d+ of \d+|Done: all \d+ steps ran)/)
    await expect(caption).toBeInViewport({ ratio: 1 })
    for (let step = 1; step <= 3; step++) {
      await page.keyboard.press('ArrowRight')
      await expect(panel.getByText(new RegExp(`^Step ${step}: `))).toBeAttached()
      // Wherever the page was scrolled to, the caption is on screen whole.
      await page.mouse.wheel(0, 2000)
      await expect(caption).toBeInViewport({ ratio: 1 })
    }
  })
}
