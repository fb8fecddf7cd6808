import { importCapExceeded } from '../caps'
import { ExportRefusedError, isStoreUnreadableError } from '../errors'
import { fail, ok } from '../result'
import { checkImportRules, dataFile, readSnapshot, salvagedFile } from '../snapshots'
import type { Engine } from './engine'
import type { Sandbox } from './sandbox'

type DataOperations = Pick<
  Sandbox,
  'exportSnapshot' | 'exportRaw' | 'storeStatus' | 'importSnapshot' | 'restoreSnapshot' | 'reset'
>

/** The data tools' operations: the data file out and in, what the store holds, and a reset. */
export function dataOperations({ repo, today, caps }: Engine): DataOperations {
  return {
    async exportSnapshot() {
      const indexes = await repo.latestIndexes()
      const file = dataFile(
        indexes.map((index) => ({ account: index.account, transactions: [...index.transactions] })),
        today(),
      )
      // The file is checked as Import will check it: a file Import refuses is worse than none.
      const checked = readSnapshot(file)
      if (!checked.ok) throw new ExportRefusedError(checked.problem.messages)
      return file
    },

    async exportRaw() {
      return salvagedFile(await repo.salvage(), today())
    },

    async storeStatus() {
      try {
        const copy = await repo.latest()
        // Accounts not read yet are counted, not read: damage in them shows once they are read.
        const [damage] = copy.damage.values()
        if (damage) throw damage
        return { readable: true, accounts: copy.accounts.size, transactions: await repo.count(copy) }
      } catch (error) {
        if (isStoreUnreadableError(error)) {
          return { readable: false, message: error.message, problems: error.problems }
        }
        const message = error instanceof Error ? error.message : String(error)
        return { readable: false, message: `The offline data could not be read: ${message}`, problems: [] }
      }
    },

    async importSnapshot(data) {
      const read = readSnapshot(data)
      if (!read.ok) return read
      const { cardAccounts, unreadable = [] } = read.value
      const full = importCapExceeded(caps, cardAccounts)
      if (full) return fail(full)
      const copy = await repo.replaceAll(cardAccounts)
      return ok({
        accounts: copy.accounts.size,
        transactions: await repo.count(copy),
        skipped: unreadable.length,
      })
    },

    async restoreSnapshot(cardAccounts) {
      const rules = checkImportRules(cardAccounts)
      if (!rules.ok) return rules
      const full = importCapExceeded(caps, cardAccounts)
      if (full) return fail(full)
      await repo.restore(cardAccounts)
      return ok({
        accounts: cardAccounts.length,
        transactions: cardAccounts.reduce((sum, { transactions }) => sum + transactions.length, 0),
        skipped: 0,
      })
    },

    reset: () => repo.clear(),
  }
}
