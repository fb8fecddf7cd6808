import type { IDBPTransaction } from 'idb'
import { isQuotaExceeded, StoreFullError } from '../errors'
import type { Connection, Db } from './indexeddb-connection'
import { blockRows, catalogsOf, placesOf } from './indexeddb-records'
import {
  accountRange,
  BLOCK_SIZE,
  type BlockKey,
  type BlockRecord,
  type CatalogRecord,
  catalogOf,
  newGeneration,
  type SandboxDb,
  sumsOf,
  toBlocks,
} from './indexeddb-schema'
import type { AccountData, Generation, SandboxStore } from './store'
import { addUniqueIds } from './unique-ids'

type Writes = Pick<
  SandboxStore,
  | 'saveAccount'
  | 'appendTransactions'
  | 'replaceTransactions'
  | 'deleteTransaction'
  | 'deleteAccount'
  | 'replaceAll'
  | 'clear'
>

type BlockWrite = IDBPTransaction<
  SandboxDb,
  ('blocks' | 'catalog' | 'sums' | 'meta' | 'accounts')[],
  'readwrite'
>

/**
 * Every write is one IndexedDB transaction (all or nothing) that also replaces the generation; `announce`
 * tells the other tabs once it is committed.
 */
export function indexedDbWrites(connection: Connection, announce: () => void): Writes {
  /** Runs `write` on a transaction over `stores`, committed with a new generation. */
  const committed =
    <A extends unknown[]>(
      stores: ('accounts' | 'blocks' | 'catalog' | 'sums')[],
      write: (tx: BlockWrite, track: Track, ...args: A) => Promise<void> | void,
    ) =>
    async (...args: A): Promise<Generation> => {
      const db = await connection.database()
      const tx = db.transaction([...stores, 'meta' as const], 'readwrite') as BlockWrite
      const generation = newGeneration()
      await atomic(tx, async (track) => {
        await write(tx, track, ...args)
        track(tx.objectStore('meta').put(generation, 'generation'))
      })
      announce()
      return generation
    }
  const overwrite = async (data: readonly AccountData[]) => {
    const generation = await connection.overwrite((db) => replace(db, data))
    announce()
    return generation
  }
  return {
    saveAccount: committed(['accounts'], saveAccount),
    appendTransactions: committed(['blocks', 'catalog', 'sums'], appendTransactions),
    replaceTransactions: committed(['blocks', 'catalog', 'sums'], replaceTransactions),
    deleteTransaction: committed(['blocks', 'catalog', 'sums'], deleteTransaction),
    deleteAccount: committed(['accounts', 'blocks', 'catalog', 'sums'], deleteAccount),
    replaceAll: overwrite,
    clear: () => overwrite([]),
  }
}

type Track = (request: Promise<unknown>) => void

async function saveAccount(tx: BlockWrite, track: Track, account: AccountData['account']) {
  const accounts = tx.objectStore('accounts')
  const existing = await accounts.get(account.resourceId)
  // After the last one, not at the count: a deleted account leaves a gap in the positions.
  const position =
    existing?.position ??
    (await accounts.getAll()).reduce((last, record) => Math.max(last, record.position + 1), 0)
  track(accounts.put({ position, account }, account.resourceId))
}

async function appendTransactions(
  tx: BlockWrite,
  track: Track,
  accountId: string,
  transactions: readonly BlockRecord['transactions'][number][],
) {
  const blocks = tx.objectStore('blocks')
  const { keys, catalogs } = await catalogsOf(tx.objectStore('catalog'), accountId)
  const ids = new Set(catalogs.flatMap(({ ids }) => ids))
  addUniqueIds(
    accountId,
    ids,
    transactions.map((t) => t.cardTransactionId),
  )
  const { first, keepLast } = appendStart(keys, catalogs)
  const kept = keepLast ? blockRows(keepLast, await blocks.get(keepLast)) : []
  for (const { block, rows } of toBlocks([...kept, ...transactions], first)) {
    track(putBlock(tx, accountId, block, rows))
  }
}

/** Where an append starts: it fills the last block (its rows kept as stored) before it starts another. */
function appendStart(
  keys: readonly BlockKey[],
  catalogs: readonly CatalogRecord[],
): { first: number; keepLast?: BlockKey } {
  const lastKey = keys.at(-1)
  if (lastKey === undefined) return { first: 0 }
  const lastFull = (catalogs.at(-1)?.ids.length ?? BLOCK_SIZE) >= BLOCK_SIZE
  return lastFull ? { first: lastKey[1] + 1 } : { first: lastKey[1], keepLast: lastKey }
}

async function replaceTransactions(
  tx: BlockWrite,
  track: Track,
  accountId: string,
  changes: Parameters<SandboxStore['replaceTransactions']>[1],
) {
  const { keys, catalogs } = await catalogsOf(tx.objectStore('catalog'), accountId)
  const places = placesOf(catalogs)
  const ids = new Set(places.keys())
  const located = changes.map((change) => {
    const place = places.get(change.from)
    if (place === undefined) throw new Error(`no transaction ${change.from} in card account ${accountId}`)
    ids.delete(change.from)
    return { ...place, to: change.to }
  })
  // Every id given up first: a new id may be one another change of the same write gives up.
  addUniqueIds(
    accountId,
    ids,
    located.map(({ to }) => to.cardTransactionId),
  )
  for (const block of new Set(located.map((place) => place.block))) {
    const key = keys[block] as BlockKey
    const rows = blockRows(key, await tx.objectStore('blocks').get(key))
    for (const change of located) if (change.block === block) rows[change.offset] = change.to
    track(putBlock(tx, accountId, key[1], rows))
  }
}

async function deleteTransaction(tx: BlockWrite, track: Track, accountId: string, cardTransactionId: string) {
  const { keys, catalogs } = await catalogsOf(tx.objectStore('catalog'), accountId)
  const place = placesOf(catalogs).get(cardTransactionId)
  if (place === undefined) return
  const key = keys[place.block] as BlockKey
  const rows = blockRows(key, await tx.objectStore('blocks').get(key))
  rows.splice(place.offset, 1)
  if (rows.length > 0) track(putBlock(tx, accountId, key[1], rows))
  else {
    track(tx.objectStore('blocks').delete(key))
    track(tx.objectStore('catalog').delete(key))
    track(tx.objectStore('sums').delete(key))
  }
}

function deleteAccount(tx: BlockWrite, track: Track, accountId: string) {
  // The accounts after it keep their positions: a gap keeps the order.
  track(tx.objectStore('accounts').delete(accountId))
  track(tx.objectStore('blocks').delete(accountRange(accountId)))
  track(tx.objectStore('catalog').delete(accountRange(accountId)))
  track(tx.objectStore('sums').delete(accountRange(accountId)))
}

/** Clears every object store and writes `data`, in one transaction that reads nothing. */
async function replace(db: Db, data: readonly AccountData[]): Promise<Generation> {
  const tx = db.transaction(['accounts', 'blocks', 'catalog', 'sums', 'meta'], 'readwrite')
  const accounts = tx.objectStore('accounts')
  const generation = newGeneration()
  await atomic(tx, (track) => {
    track(accounts.clear())
    track(tx.objectStore('blocks').clear())
    track(tx.objectStore('catalog').clear())
    track(tx.objectStore('sums').clear())
    data.forEach(({ account, transactions }, position) => {
      track(accounts.put({ position, account }, account.resourceId))
      for (const { block, rows } of toBlocks(transactions)) {
        track(putBlock(tx, account.resourceId, block, rows))
      }
    })
    track(tx.objectStore('meta').put(generation, 'generation'))
  })
  return generation
}

/** Puts a block with its catalog and sums records: the three are never written apart. */
function putBlock(
  tx: BlockWrite,
  accountId: string,
  block: number,
  rows: readonly unknown[],
): Promise<unknown> {
  const key: BlockKey = [accountId, block]
  const transactions = rows as BlockRecord['transactions']
  return Promise.all([
    tx.objectStore('blocks').put({ accountId, transactions }, key),
    tx.objectStore('catalog').put(catalogOf(rows), key),
    tx.objectStore('sums').put(sumsOf(rows), key),
  ])
}

/**
 * Issues a transaction's requests and waits for its commit. If anything fails, even a request that
 * throws before it is issued (a value that cannot be cloned), the transaction is aborted, so none of
 * its writes remain. The error thrown is the first request's own, not the abort it caused.
 */
async function atomic(
  tx: { done: Promise<void>; abort(): void },
  issue: (track: Track) => Promise<void> | void,
): Promise<void> {
  const requests: Promise<unknown>[] = []
  try {
    await issue((request) => {
      requests.push(request)
    })
    await Promise.all([tx.done, ...requests])
  } catch (error) {
    try {
      tx.abort()
    } catch {
      // Already finished or aborted: nothing was committed by this call's failure path.
    }
    const settled = await Promise.allSettled([...requests, tx.done])
    const cause = settled.find(
      (result): result is PromiseRejectedResult =>
        result.status === 'rejected' &&
        !(result.reason instanceof DOMException && result.reason.name === 'AbortError'),
    )
    const reason = cause?.reason ?? error
    throw isQuotaExceeded(reason) ? new StoreFullError() : reason
  }
}
