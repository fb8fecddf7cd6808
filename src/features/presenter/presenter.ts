import { createContext, useCallback, useContext } from 'react'
import {
  createSettingsStore,
  type SettingsStorage,
  type SettingsStore,
  storedFlag,
  useSetting,
} from '../../api'
import { useAnnounce } from '../../ui/announcer'

// Persisted: a presenter sets the screen up before the audience arrives, and a reload must not undo it.
const STORAGE_KEY = 'sandbox-console.presenter'

export type PresenterSetting = SettingsStore<boolean>

/** The attribute on <html> switches the stylesheet's presenter rules (type size, contrast, layout). */
export function applyPresenter(on: boolean): void {
  if (on) document.documentElement.dataset.presenter = 'on'
  else delete document.documentElement.dataset.presenter
}

/** Presenter mode in `storage` (localStorage in the app); every write restyles the page at once. */
export function createPresenterSetting(storage: SettingsStorage): PresenterSetting {
  const setting = createSettingsStore({
    storage,
    key: STORAGE_KEY,
    schema: storedFlag,
    fallback: false,
    what: 'presenter mode',
  })
  setting.subscribe(() => applyPresenter(setting.read()))
  return setting
}

/** Given by the composition root (src/app/Providers.tsx), like the API client. */
export const PresenterContext = createContext<PresenterSetting | undefined>(undefined)

export function usePresenterSetting(): PresenterSetting {
  const setting = useContext(PresenterContext)
  if (!setting) throw new Error('usePresenterSetting() needs a <PresenterContext> above it')
  return setting
}

export function usePresenter(): boolean {
  return useSetting(usePresenterSetting())
}

/**
 * Turns presenter mode on or off and says so: the type and the header's layout change at once, which a
 * screen reader does not otherwise hear (the toggle's own pressed state may be folded out of sight).
 */
export function useTogglePresenter(): () => void {
  const setting = usePresenterSetting()
  const announce = useAnnounce()
  return useCallback(() => {
    const on = !setting.read()
    setting.write(on)
    announce(on ? 'Presenter mode on' : 'Presenter mode off', { heardOnly: true })
  }, [setting, announce])
}

/** The shortcut Help states: Alt+Shift+P, which no browser or screen reader claims. */
export function isPresenterShortcut(event: KeyboardEvent): boolean {
  return event.altKey && event.shiftKey && !event.ctrlKey && !event.metaKey && event.code === 'KeyP'
}
