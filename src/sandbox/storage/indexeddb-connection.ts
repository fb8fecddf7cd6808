import { deleteDB, type IDBPDatabase, openDB } from 'idb'
import { StoreUnreadableError } from '../errors'
import { BlockedError, openFailure } from './indexeddb-errors'
import { DB_VERSION, type SandboxDb, upgradeDatabase } from './indexeddb-schema'
import type { Generation } from './store'

export type Db = IDBPDatabase<SandboxDb>

/** An opening database; `blocked` rejects while another tab's older connection keeps it from opening. */
interface Opening {
  opening: Promise<Db>
  blocked: Promise<never>
}

export interface Connection {
  /** The open database, or a `StoreUnreadableError` that says why there is none. */
  database(): Promise<Db>
  /** Writes with `write` into the database, or into a new one when the old one does not open at all. */
  overwrite(write: (db: Db) => Promise<Generation>): Promise<Generation>
  close(): void
}

/**
 * The database `name`, opened on first use, not here: a database that does not open (written by a newer
 * console, or broken) must still let the console start, say what is wrong, and be reset or replaced.
 * `onLost` hears that the open database went away under this tab (another tab deleted or upgraded it, the
 * browser closed it): what was read from it may no longer be there.
 */
export function connection(name: string, onLost: () => void = () => {}): Connection {
  let current: Opening | undefined

  function connect(): Opening {
    if (current) return current
    let reportBlocked = (_: StoreUnreadableError) => {}
    const blocked = new Promise<never>((_, reject) => {
      reportBlocked = reject
    })
    blocked.catch(() => undefined)
    const opening = openDB<SandboxDb>(name, DB_VERSION, {
      // A failed upgrade aborts its transaction, and so the open, which reports it: nothing else to do here.
      upgrade: (db, oldVersion, _newVersion, tx) =>
        void upgradeDatabase(db, oldVersion, tx).catch(() => undefined),
      // A tab still running an older console holds the database open at its version: say so rather
      // than wait in silence (the open goes on, and succeeds once that tab is gone).
      blocked: () => reportBlocked(new BlockedError()),
      // Another tab upgrades or deletes the database: let it, and open again on the next call.
      blocking: () => {
        void opening.then((db) => db.close())
        if (current === attempt) current = undefined
        onLost()
      },
      terminated: () => {
        if (current === attempt) current = undefined
        onLost()
      },
    })
    const attempt: Opening = { opening, blocked }
    current = attempt
    opening.then(
      () => {
        attempt.blocked = new Promise<never>(() => {})
      },
      () => {
        if (current === attempt) current = undefined
      },
    )
    return attempt
  }

  async function database(): Promise<Db> {
    const { opening, blocked } = connect()
    try {
      return await Promise.race([opening, blocked])
    } catch (error) {
      if (error instanceof StoreUnreadableError) throw error
      throw openFailure(name, error)
    }
  }

  return {
    database,
    async overwrite(write) {
      let db: Db
      try {
        db = await database()
      } catch (error) {
        if (error instanceof BlockedError) throw error
        // Nothing in it can be read: what replaces it must not depend on reading it.
        await new Promise<void>((resolve, reject) => {
          deleteDB(name, { blocked: () => reject(new BlockedError()) }).then(resolve, reject)
        })
        db = await database()
      }
      return write(db)
    },
    close() {
      void current?.opening.then((db) => db.close()).catch(() => undefined)
      current = undefined
    },
  }
}
