import { type DBSchema, type IDBPDatabase, openDB } from 'idb'
import type { CardAccount, StoredTransaction } from '../../contract'
import type { AccountData, SandboxStore } from './store'

interface SandboxDb extends DBSchema {
  /** Keyed by resourceId; `position` keeps the accounts in creation order. */
  accounts: { key: string; value: { position: number; account: CardAccount } }
  /** Keyed by [resourceId, sequence]: key order is each account's creation order. */
  transactions: { key: [string, number]; value: StoredTransaction }
}

export interface IndexedDbStore extends SandboxStore {
  close(): void
}

const CHANGED = 'changed'

/**
 * The browser's store: one IndexedDB database, so offline data survives reloads. Every write is one
 * IndexedDB transaction (all or nothing) and is announced on a BroadcastChannel, so engines in other
 * tabs of the same origin reload instead of answering from stale memory.
 */
export async function openIndexedDbStore({ name = 'sandbox-console' } = {}): Promise<IndexedDbStore> {
  const db = await openDB<SandboxDb>(name, 1, {
    upgrade(database) {
      database.createObjectStore('accounts')
      database.createObjectStore('transactions')
    },
  })
  const channel =
    typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(`${name}:changes`)
  const announce = () => channel?.postMessage(CHANGED)

  return {
    async load() {
      const tx = db.transaction(['accounts', 'transactions'])
      const [accounts, keys, transactions] = await Promise.all([
        tx.objectStore('accounts').getAll(),
        tx.objectStore('transactions').getAllKeys(),
        tx.objectStore('transactions').getAll(),
      ])
      const byAccount = new Map<string, AccountData>(
        accounts
          .sort((a, b) => a.position - b.position)
          .map(({ account }) => [account.resourceId, { account, transactions: [] }]),
      )
      keys.forEach(([accountId], i) => {
        const transaction = transactions[i]
        if (transaction) byAccount.get(accountId)?.transactions.push(transaction)
      })
      return [...byAccount.values()]
    },

    async saveAccount(account) {
      const tx = db.transaction('accounts', 'readwrite')
      await atomic(tx, async (track) => {
        const existing = await tx.store.get(account.resourceId)
        const position = existing?.position ?? (await tx.store.count())
        track(tx.store.put({ position, account }, account.resourceId))
      })
      announce()
    },

    async appendTransactions(accountId, transactions) {
      const tx = db.transaction('transactions', 'readwrite')
      await atomic(tx, async (track) => {
        const last = await tx.store.openKeyCursor(
          IDBKeyRange.bound([accountId, -Infinity], [accountId, Infinity]),
          'prev',
        )
        let sequence = last ? last.key[1] + 1 : 0
        for (const transaction of transactions) track(tx.store.put(transaction, [accountId, sequence++]))
      })
      announce()
    },

    async replaceAll(data) {
      await replace(db, data)
      announce()
    },

    async clear() {
      await replace(db, [])
      announce()
    },

    onExternalChange(listener) {
      channel?.addEventListener('message', (event) => {
        if (event.data === CHANGED) listener()
      })
    },

    close() {
      channel?.close()
      db.close()
    },
  }
}

async function replace(db: IDBPDatabase<SandboxDb>, data: readonly AccountData[]): Promise<void> {
  const tx = db.transaction(['accounts', 'transactions'], 'readwrite')
  const accounts = tx.objectStore('accounts')
  const transactions = tx.objectStore('transactions')
  await atomic(tx, (track) => {
    track(accounts.clear())
    track(transactions.clear())
    data.forEach(({ account, transactions: list }, position) => {
      track(accounts.put({ position, account }, account.resourceId))
      list.forEach((transaction, sequence) => {
        track(transactions.put(transaction, [account.resourceId, sequence]))
      })
    })
  })
}

/**
 * Issues a transaction's requests and waits for its commit. If anything fails, even a request that
 * throws before it is issued (a value that cannot be cloned), the transaction is aborted, so none of
 * its writes remain.
 */
async function atomic(
  tx: { done: Promise<void>; abort(): void },
  issue: (track: (request: Promise<unknown>) => void) => Promise<void> | void,
): Promise<void> {
  const requests: Promise<unknown>[] = [tx.done]
  try {
    await issue((request) => {
      requests.push(request)
    })
    await Promise.all(requests)
  } catch (error) {
    try {
      tx.abort()
    } catch {
      // Already finished or aborted: nothing was committed by this call's failure path.
    }
    await Promise.allSettled(requests)
    throw error
  }
}
