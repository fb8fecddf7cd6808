import type { UnreadableRecord } from '../../contract'
import type { RowPlace } from './catalog-page'
import { damaged } from './indexeddb-errors'
import {
  accountRange,
  type BlockKey,
  type CatalogRecord,
  type Decoded,
  decodeBlock,
  decodeCatalog,
} from './indexeddb-schema'

/** The account's catalog records in key order, each checked; a damaged one makes the read fail in words. */
export async function catalogsOf(
  catalog: {
    getAllKeys(range: IDBKeyRange): Promise<BlockKey[]>
    getAll(range: IDBKeyRange): Promise<unknown[]>
  },
  accountId: string,
): Promise<{ keys: BlockKey[]; catalogs: CatalogRecord[] }> {
  const range = accountRange(accountId)
  const [keys, values] = await Promise.all([catalog.getAllKeys(range), catalog.getAll(range)])
  return { keys, catalogs: readChecked(keys, values, decodeCatalog) }
}

/** Records checked by `decode` (catalog or sums), or the error that names the damaged ones. */
export function readChecked<T>(
  keys: readonly IDBValidKey[],
  values: readonly unknown[],
  decode: (key: IDBValidKey, value: unknown) => Decoded<T>,
): T[] {
  const unreadable: UnreadableRecord[] = []
  const records = values.flatMap((value, i) => {
    const decoded = decode(keys[i] as IDBValidKey, value)
    if (decoded.ok) return [decoded.value]
    unreadable.push(decoded.unreadable)
    return []
  })
  if (unreadable.length > 0) throw damaged(unreadable)
  return records
}

/** Where each id of the account is: its block's index among the catalogs, and its place in the block. */
export function placesOf(catalogs: readonly CatalogRecord[]): Map<string, RowPlace> {
  const places = new Map<string, RowPlace>()
  catalogs.forEach(({ ids }, block) => {
    ids.forEach((id, offset) => {
      places.set(id, { block, offset })
    })
  })
  return places
}

/** A stored block's rows as they are, to write back changed; one that is not a block fails in words. */
export function blockRows(key: BlockKey, value: unknown): unknown[] {
  const shaped = decodeBlock(key, value, [])
  if (shaped.unreadable.length > 0) throw damaged(shaped.unreadable)
  return [...(value as { transactions: unknown[] }).transactions]
}
