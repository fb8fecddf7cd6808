import { settlementRequest } from '../../contract'
import { parseBody, unknownCardAccount } from '../problems'
import { fail, ok } from '../result'
import { autoSettlements, newIdTaken, settlementsOf } from '../settlement'
import { asBooked } from '../transactions'
import { type Engine, foundFor } from './engine'
import type { Sandbox } from './sandbox'

type SettlementOperations = Pick<Sandbox, 'settleTransactions' | 'settlePendingAfter'>

export function settlementOperations({ repo, today }: Engine): SettlementOperations {
  return {
    async settleTransactions(id, body, request) {
      const found = await foundFor(repo, id, request)
      if (!found.ok) return found
      const parsed = parseBody(settlementRequest, body)
      if (!parsed.success) return fail(parsed.problem)
      return repo.write(async (copy) => {
        if (!copy.accounts.has(id)) return fail(unknownCardAccount(id))
        const index = await repo.index(copy, id)
        const settlements = settlementsOf(index, parsed.data, today())
        if (!settlements.ok) return settlements
        const taken = await repo.replace(copy, index, settlements.value)
        if (taken !== undefined) return fail(newIdTaken(taken))
        return ok({
          settled: settlements.value.map(({ from, to }) => ({ from, booked: asBooked(to, false) })),
        })
      })
    },

    async settlePendingAfter(days) {
      return repo.write(async (copy) => {
        let count = 0
        for (const index of await repo.indexes(copy)) {
          const settlements = autoSettlements(index, days, today())
          if (settlements.length === 0) continue
          const taken = await repo.replace(copy, index, settlements)
          if (taken === undefined) count += settlements.length
        }
        return count
      })
    },
  }
}
