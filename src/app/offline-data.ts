import { type OfflineData, OfflineExportError, type OfflineScenarios } from '../api'
import type { Sandbox } from '../sandbox'
// The errors module alone, not the engine's index: the engine stays in its lazily loaded chunk.
import { isExportRefusedError, isStoreUnreadableError } from '../sandbox/errors'

/**
 * The screens' view of the in-browser store. An export the engine refuses becomes an `OfflineExportError`
 * with the reasons as lines, so the screens can say why without knowing the engine's errors.
 */
export function offlineDataOf(
  sandbox: Sandbox,
  onExternalChange: OfflineData['onExternalChange'] = () => () => {},
  scenarios?: OfflineScenarios,
): OfflineData {
  return {
    exportSnapshot: async () => {
      try {
        return await sandbox.exportSnapshot()
      } catch (error) {
        if (isStoreUnreadableError(error)) throw new OfflineExportError(error.message, error.problems)
        if (isExportRefusedError(error)) {
          throw new OfflineExportError(
            error.message,
            error.messages.map((m) => (m.path === undefined ? m.text : `${m.path}: ${m.text}`)),
          )
        }
        throw error
      }
    },
    exportRaw: () => sandbox.exportRaw(),
    storeStatus: () => sandbox.storeStatus(),
    importSnapshot: (snapshot) => sandbox.importSnapshot(snapshot),
    reset: () => sandbox.reset(),
    datedAfter: (day) => sandbox.transactionsDatedAfter(day),
    removeDatedAfter: (day) => sandbox.removeTransactionsDatedAfter(day),
    onExternalChange,
    ...(scenarios ? { scenarios } : {}),
  }
}
