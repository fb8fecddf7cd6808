import { type ComponentType, createContext } from 'react'

/** Help's sections, in order: the Help dialog lists them, and each dialog names the one about it. */
export const helpTopics = {
  modes: 'Modes',
  header: 'The header',
  accounts: 'Card accounts',
  transactions: 'Transactions',
  'test-data': 'Test data and scenarios',
  'test-conditions': 'Test conditions',
  'explain-share': 'Explain and share',
  presenter: 'Presenter mode and flows',
  settings: 'Settings and connection',
  url: 'The view is the URL',
  keyboard: 'Keyboard',
  requests: 'Requests',
} as const
export type HelpTopic = keyof typeof helpTopics

/**
 * A topic's text, given by the composition root: the text lives with the Help dialog (src/app), which this
 * layer and the features may not import, and loads only when a dialog's Help is opened.
 */
export const HelpTextContext = createContext<ComponentType<{ topic: HelpTopic }> | undefined>(undefined)
