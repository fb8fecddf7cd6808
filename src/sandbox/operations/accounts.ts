import { type CardAccount, cardAccountCreateSchema } from '../../contract'
import { unusedResourceId } from '../accounts'
import { parseBody, unknownCardAccount } from '../problems'
import { fail, ok } from '../result'
import { type Engine, found, foundFor } from './engine'
import type { Sandbox } from './sandbox'

type AccountOperations = Pick<
  Sandbox,
  'createCardAccount' | 'listCardAccounts' | 'hasCardAccount' | 'getCardAccount' | 'deleteCardAccount'
>

export function accountOperations({ repo, newId }: Engine): AccountOperations {
  return {
    async createCardAccount(body, { fixes }) {
      const parsed = parseBody(cardAccountCreateSchema({ longerName: fixes.has('longer-name') }), body)
      if (!parsed.success) return fail(parsed.problem)
      return repo.write(async (copy) => {
        const resourceId = unusedResourceId(newId(), (id) => copy.accounts.has(id))
        const account: CardAccount = { resourceId, ...parsed.data }
        await repo.saveAccount(copy, account)
        return ok(account)
      })
    },

    listCardAccounts: () => repo.accounts(),

    async hasCardAccount(id) {
      return (await found(repo, id)).ok
    },

    async getCardAccount(id, request) {
      const account = await foundFor(repo, id, request)
      return account.ok ? ok(account.value.account) : account
    },

    async deleteCardAccount(id) {
      return repo.write(async (copy) => {
        const account = copy.accounts.get(id)
        if (!account) return fail(unknownCardAccount(id))
        await repo.deleteAccount(copy, id)
        return ok(account)
      })
    },
  }
}
