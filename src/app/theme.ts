import { writeToStorage } from '../api'

export const themes = ['system', 'light', 'dark'] as const
export type Theme = (typeof themes)[number]

const STORAGE_KEY = 'sandbox-console.theme'

export function readTheme(): Theme {
  const stored = localStorage.getItem(STORAGE_KEY)
  return themes.find((theme) => theme === stored) ?? 'system'
}

/** `system` leaves the attribute off, so the CSS follows prefers-color-scheme. */
export function applyTheme(theme: Theme): void {
  if (theme === 'system') delete document.documentElement.dataset.theme
  else document.documentElement.dataset.theme = theme
  writeToStorage('the theme', () => localStorage.setItem(STORAGE_KEY, theme))
}
