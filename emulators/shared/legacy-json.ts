/**
 * The one-time move of an emulator's state from the JSON files it wrote before SQLite
 * (docs/decisions/0021-emulator-state-in-sqlite.md) into its database.
 *
 * The files are imported only into a database whose tables are all empty, in one transaction,
 * then renamed to `*.json.imported` (kept for the operator, never read again). Files found beside
 * a database that already holds state are left alone. Either way one line on stderr says so.
 */
import { existsSync, readFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import { transaction, type Database } from './sqlite';

export type LegacyImport = {
  /** For the log line, e.g. `storefront`. */
  emulator: string;
  /** The JSON files that may exist (absolute paths). */
  files: readonly string[];
  /** The tables that must all be empty for an import. */
  tables: readonly string[];
  /**
   * Writes what the files held (`contents(file)`: the parsed JSON, undefined for a missing file)
   * and answers a summary for the log line, e.g. `3 carts, 1 order`. Runs inside the transaction.
   */
  write: (contents: (file: string) => unknown) => string;
};

/** @throws when a file is not valid JSON (nothing is imported then) */
export function importLegacyJson(db: Database, { emulator, files, tables, write }: LegacyImport): void {
  const found = files.filter((file) => existsSync(file));
  if (!found.length) return;
  const names = found.map((file) => path.basename(file)).join(', ');
  const into = db.location() ?? 'the database';
  if (tables.some((table) => db.prepare(`SELECT 1 FROM ${table} LIMIT 1`).get() !== undefined)) {
    process.stderr.write(`${emulator} emulator: ignoring ${names}: ${into} already holds state\n`);
    return;
  }
  const parsed = new Map(found.map((file) => [file, parse(file)]));
  const summary = transaction(db, () => write((file) => parsed.get(file)));
  for (const file of found) renameSync(file, `${file}.imported`);
  process.stderr.write(`${emulator} emulator: imported ${summary} from ${names} into ${into}\n`);
}

function parse(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file} is not valid JSON (${(error as Error).message}); move it away to start fresh`);
  }
}
