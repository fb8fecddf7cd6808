import { createContext } from 'react'

/** What came of asking a dialog to close for a navigation: closed, asking about typed input, or busy. */
export type NavigationOutcome = 'closed' | 'asking' | 'refused'

/**
 * How the dialog registry reaches the open `Dialog` when the URL changes under it: through the same close
 * request as Escape (docs/decisions.md#navigation-and-dialogs). Its own module, so `Dialog` and the
 * registry (which renders `ChunkBoundary`, a `Dialog`) do not import each other.
 */
export interface DialogNavigation {
  /** The dialog offers its close request; returns how to withdraw it. */
  attach(requestClose: () => NavigationOutcome): () => void
  /** The user answered the discard question with "Keep editing". */
  keptEditing(): void
}

export const DialogNavigationContext = createContext<DialogNavigation | undefined>(undefined)
