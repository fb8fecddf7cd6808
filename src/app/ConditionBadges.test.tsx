import { screen, within } from '@testing-library/react'
import { expect, it } from 'vitest'
import { startConsole } from '../test/render'

// A tester saw "Missing Digest" in the Signature switch and "Signature: missing digest" on its badge: Digest
// and Date are header names, and the badge says what the switch says, in a sentence.
it("names a spoiled signature on its badge in the Signature switch's own words", async () => {
  const { user, renderApp } = await startConsole()
  renderApp()
  await user.click(screen.getByRole('button', { name: 'Test conditions' }))
  const signature = screen.getByRole('combobox', { name: 'Signature' })
  const spoiled = within(signature)
    .getAllByRole('option')
    .map((option) => option.textContent ?? '')
    .filter((words) => words !== 'Correct (default)')
  expect(spoiled).toEqual(['Bad signature', 'Missing Digest', 'Stale Date (10 min)', 'Wrong certificate'])

  for (const words of spoiled) {
    await user.selectOptions(signature, words)
    const inSentence = `${words.charAt(0).toLowerCase()}${words.slice(1)}`
    const badges = within(await screen.findByRole('list', { name: 'Test conditions changed' }))
    expect(await badges.findByRole('button', { name: `Signature: ${inSentence}` })).toBeDefined()
  }
})
