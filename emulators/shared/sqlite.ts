/**
 * The emulators' embedded store: one SQLite file per emulator under its data dir, opened with
 * Node's built-in `node:sqlite` (docs/decisions/0021-emulator-state-in-sqlite.md).
 *
 * - WAL journal: readers (a test's `listOrders`, a second connection) never block the writer, and
 *   a commit appends to the log instead of rewriting the file. `synchronous = NORMAL` is WAL's
 *   recommended setting: a power cut may lose the last commits, never corrupt the file.
 * - Schema by `PRAGMA user_version`: `migrations[i]` brings version i to i + 1, each in its own
 *   transaction, so a data dir written by an older emulator is upgraded in place.
 * - `transaction(db, fn)`: `BEGIN IMMEDIATE` takes the write lock before the first read, so a
 *   read-modify-write in `fn` cannot interleave with another connection's. `fn` must be
 *   synchronous (DatabaseSync is; an `await` inside would let other requests in mid-transaction).
 *   A nested call joins the outer transaction.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';

export type Database = DatabaseSync;

/** How long a statement waits for another connection's write lock before failing, in ms. */
const BUSY_TIMEOUT_MS = 5000;

/**
 * Opens (creating it and its folder when missing) the database at `file` and applies the
 * migrations it has not seen yet.
 * @throws when the file is not a SQLite database, or is newer than `migrations` knows
 */
export function openDatabase(file: string, migrations: readonly string[]): Database {
  mkdirSync(path.dirname(file), { recursive: true });
  const db = new DatabaseSync(file, { timeout: BUSY_TIMEOUT_MS });
  try {
    db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;');
    const version = (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;
    if (version > migrations.length) throw new Error(`${file} has schema version ${version}; this emulator knows up to ${migrations.length}`);
    migrations.slice(version).forEach((sql, i) =>
      transaction(db, () => {
        db.exec(sql);
        db.exec(`PRAGMA user_version = ${version + i + 1}`);
      }),
    );
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/** Runs `fn` in one write transaction (committed when it returns, rolled back when it throws). */
export function transaction<T>(db: Database, fn: () => T): T {
  if (db.isTransaction) return fn();
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = fn();
    if (result instanceof Promise) throw new Error('a transaction body must be synchronous');
    db.exec('COMMIT');
    return result;
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK');
    throw error;
  }
}

/** A JSON column's value parsed (the stores keep each record as one JSON document). */
export const parseJson = <T>(text: unknown): T => JSON.parse(String(text)) as T;
