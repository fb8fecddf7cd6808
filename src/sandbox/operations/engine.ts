import type { CardAccount, IsoDate } from '../../contract'
import { corporateRefusal } from '../accounts'
import type { StoreCaps } from '../caps'
import { unknownCardAccount } from '../problems'
import type { Copy, Repository } from '../repository'
import { fail, ok, type Result } from '../result'

/** What every operation works with: the repository, the clock's today and the engine's settings. */
export interface Engine {
  repo: Repository
  today: () => IsoDate
  caps: StoreCaps
  newId: () => string
}

export type Found = Result<{ account: CardAccount; copy: Copy }>

/** The account with the copy that holds it, or the 404. */
export async function found(repo: Repository, id: string): Promise<Found> {
  const account = await repo.find(id)
  return account ? ok(account) : fail(unknownCardAccount(id))
}

/**
 * The account, with the corporate rule of a request (`psuCorporateId`: its PSU-Corporate-ID). Without a
 * request there is no header rule: the console loading a scenario into its own engine.
 */
export async function foundFor(
  repo: Repository,
  id: string,
  request: { psuCorporateId?: string | undefined } | undefined,
): Promise<Found> {
  const account = await found(repo, id)
  if (!account.ok || request === undefined) return account
  const refusal = corporateRefusal(account.value.account, request.psuCorporateId)
  return refusal ? fail(refusal) : account
}
