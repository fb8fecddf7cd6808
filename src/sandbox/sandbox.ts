import type { IsoDate } from '../contract'
import { defaultStoreCaps, type StoreCaps } from './caps'
import { accountOperations } from './operations/accounts'
import { clockOperations } from './operations/clock'
import { dataOperations } from './operations/data'
import type { Engine } from './operations/engine'
import type { Sandbox } from './operations/sandbox'
import { settlementOperations } from './operations/settlements'
import { transactionOperations } from './operations/transactions'
import { createRepository } from './repository'
import type { SandboxStore } from './storage/store'

export type { FutureDates, ImportCounts, QueryRules, Sandbox, StoreStatus } from './operations/sandbox'

export interface SandboxOptions {
  store: SandboxStore
  /** The user's today: transactions may not be dated after it. */
  today: () => IsoDate
  /** A fresh URL-safe id (1 to 64 of A-Z a-z 0-9 _ -) for each new card account. */
  newId?: () => string
  /** Caps on stored transactions; a write past one answers 507 and stores nothing. */
  caps?: Partial<StoreCaps>
}

/**
 * The sandbox engine: each operation's rules (accounts, transactions, settlement, the data tools), over a
 * repository that owns the copy of the store, its generations and the write queue.
 */
export function createSandbox({
  store,
  today,
  newId = () => crypto.randomUUID(),
  caps = {},
}: SandboxOptions): Sandbox {
  const engine: Engine = {
    repo: createRepository(store),
    today,
    newId,
    caps: { ...defaultStoreCaps, ...caps },
  }
  return {
    ...accountOperations(engine),
    ...transactionOperations(engine),
    ...settlementOperations(engine),
    ...clockOperations(engine),
    ...dataOperations(engine),
  }
}
