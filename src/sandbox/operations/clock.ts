import { datedAfter, latestDateAfter } from '../clock-move'
import type { Engine } from './engine'
import type { Sandbox } from './sandbox'

type ClockOperations = Pick<Sandbox, 'transactionsDatedAfter' | 'removeTransactionsDatedAfter'>

/** What stands in the way of moving the sandbox clock back, and removing it when the tester says so. */
export function clockOperations({ repo }: Engine): ClockOperations {
  return {
    async transactionsDatedAfter(day) {
      return datedAfter(await repo.latestIndexes(), day)
    },

    async removeTransactionsDatedAfter(day) {
      return repo.write(async (copy) => {
        let removed = 0
        for (const { account } of await repo.indexes(copy)) {
          const id = account.resourceId
          const late = (await repo.index(copy, id)).transactions.filter(
            (tx) => latestDateAfter(tx, day) !== undefined,
          )
          // Each delete leaves a new index behind: the next one is taken from it.
          for (const tx of late)
            await repo.deleteTransaction(copy, await repo.index(copy, id), tx.cardTransactionId)
          removed += late.length
        }
        return removed
      })
    },
  }
}
