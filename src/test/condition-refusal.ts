import { screen, type within } from '@testing-library/react'
import { expect } from 'vitest'

/**
 * A form's refusal that a test condition shaped: the dialog's alert gives the sandbox's code and names the
 * condition in the words of the inspector's badge, which shows the same words.
 */
export async function expectRefusalNamingCondition(
  dialog: ReturnType<typeof within>,
  { condition, code }: { condition: string; code: string },
): Promise<void> {
  const alert = await dialog.findByRole('alert')
  const badge = await screen.findByText(/^Condition /, { selector: '.condition-badge' })
  expect(badge.textContent).toBe(condition)
  expect(alert.textContent).toContain(code)
  expect(alert.textContent).toContain(
    `${condition} shaped this answer: a test condition, set under Conditions.`,
  )
}
