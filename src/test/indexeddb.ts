// Raw IndexedDB for tests that must write what the store itself never would: a database of an older
// version, damaged records, a version from the future.

/** Opens `name` at `version`, running `upgrade` when it is created or raised. */
export function rawOpen(
  name: string,
  version: number,
  upgrade: (db: IDBDatabase, tx: IDBTransaction) => void = () => {},
): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name, version)
    request.onupgradeneeded = () => upgrade(request.result, request.transaction as IDBTransaction)
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })
}

/** Puts `records` (value, key) into `store` in one transaction and waits for it to commit. */
export function rawPut(
  db: IDBDatabase,
  store: string,
  records: ReadonlyArray<readonly [value: unknown, key: IDBValidKey]>,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const tx = db.transaction(store, 'readwrite')
    for (const [value, key] of records) tx.objectStore(store).put(value, key)
    tx.oncomplete = () => resolve()
    tx.onerror = () => reject(tx.error)
  })
}

/** Every value of `store`, in key order. */
export function rawGetAll(db: IDBDatabase, store: string): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    const request = db.transaction(store).objectStore(store).getAll()
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })
}

/** A version-1 database, as the console wrote it before version 2: no meta store, no index. */
export async function createV1Database(
  name: string,
  accounts: ReadonlyArray<{ account: { resourceId: string }; transactions: readonly unknown[] }>,
): Promise<void> {
  const db = await rawOpen(name, 1, (created) => {
    created.createObjectStore('accounts')
    created.createObjectStore('transactions')
  })
  await rawPut(
    db,
    'accounts',
    accounts.map(({ account }, position) => [{ position, account }, account.resourceId] as const),
  )
  await rawPut(
    db,
    'transactions',
    accounts.flatMap(({ account, transactions }) =>
      transactions.map((tx, sequence) => [tx, [account.resourceId, sequence]] as const),
    ),
  )
  db.close()
}
