/**
 * The Storefront emulator's SQLite file, `{dataDir}/storefront/state.sqlite` (../shared/sqlite.ts:
 * WAL, schema by user_version): carts, orders, customers (with the id counters) and the mail
 * inbox, one table each, each record one JSON document beside the columns it is looked up by.
 *
 * A data dir from before this file (carts.json, orders.json, customers.json, mail.json under
 * `{dataDir}/storefront/`) is imported once, into an empty database: every file found is read and
 * written in one transaction, then renamed to `*.json.imported` so it is neither read again nor
 * lost; one log line on stderr says what was imported. Legacy files beside a database that
 * already holds state are left alone, with a log line saying so.
 */
import { existsSync, readFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { openDatabase, transaction, type Database } from '../shared/sqlite';
import { CARTS_SCHEMA, saveCart, type StoredCart } from './carts';
import { CUSTOMERS_SCHEMA, saveCustomer, type CustomersState } from './customers';
import { insertMail, MAIL_SCHEMA, type MailMessage } from './mail';
import { insertOrder, ORDERS_SCHEMA, ordersIn, type StoredOrder } from './orders';

/** Schema versions, oldest first (append a migration; never edit a shipped one). */
const MIGRATIONS = [[CARTS_SCHEMA, ORDERS_SCHEMA, CUSTOMERS_SCHEMA, MAIL_SCHEMA].join('\n')];

/** Where the Storefront emulator keeps its state under `dataDir`. */
export const storefrontDatabaseFile = (dataDir: string) => path.join(dataDir, 'storefront', 'state.sqlite');

/**
 * Opens the emulator's database under `dataDir`, importing a pre-SQLite data dir's JSON files
 * into it while it is empty.
 * @throws when the file is not a database this emulator can read, or a legacy JSON file is corrupt
 *   (nothing is imported then: move the file away and restart)
 */
export function openStorefrontDatabase(dataDir: string): Database {
  const db = openDatabase(storefrontDatabaseFile(dataDir), MIGRATIONS);
  try {
    importLegacyJson(db, path.join(dataDir, 'storefront'));
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * The orders stored under `dataDir`, oldest first; [] when there is no database yet. For tests
 * and tools: reads through its own read-only connection, so it works while the emulator runs
 * (WAL lets a reader in beside the writer) and after it stopped.
 */
export function listOrders(dataDir: string): StoredOrder[] {
  const file = storefrontDatabaseFile(dataDir);
  if (!existsSync(file)) return [];
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return ordersIn(db);
  } finally {
    db.close();
  }
}

type Legacy = { carts: StoredCart[]; orders: StoredOrder[]; customers: CustomersState | null; mail: MailMessage[] };

function importLegacyJson(db: Database, folder: string): void {
  const file = (name: keyof Legacy) => path.join(folder, `${name}.json`);
  const read = <T>(name: keyof Legacy, fallback: T): T => {
    if (!existsSync(file(name))) return fallback;
    try {
      return JSON.parse(readFileSync(file(name), 'utf8')) as T;
    } catch (error) {
      throw new Error(`${file(name)} is not valid JSON (${(error as Error).message}); move it away to start fresh`);
    }
  };
  const found = (['carts', 'orders', 'customers', 'mail'] as const).filter((name) => existsSync(file(name)));
  if (!found.length) return;
  const files = found.map((name) => `${name}.json`).join(', ');
  const into = path.join(folder, path.basename(storefrontDatabaseFile('')));
  const stored = ['carts', 'orders', 'customers', 'mail'].some((table) => db.prepare(`SELECT 1 FROM ${table} LIMIT 1`).get() !== undefined);
  if (stored) {
    process.stderr.write(`storefront emulator: ignoring ${files} in ${folder}: ${into} already holds state\n`);
    return;
  }
  const legacy: Legacy = { carts: read('carts', []), orders: read('orders', []), customers: read('customers', null), mail: read('mail', []) };
  transaction(db, () => {
    for (const cart of legacy.carts) saveCart(db, cart);
    for (const order of legacy.orders) insertOrder(db, order);
    for (const customer of legacy.customers?.customers ?? []) saveCustomer(db, customer, legacy.customers!);
    for (const { id: _id, sentAt, ...mail } of legacy.mail) insertMail(db, mail, sentAt);
  });
  for (const name of found) renameSync(file(name), `${file(name)}.imported`);
  process.stderr.write(
    `storefront emulator: imported ${legacy.carts.length} carts, ${legacy.orders.length} orders, ${legacy.customers?.customers.length ?? 0} customers ` +
      `and ${legacy.mail.length} mail from ${files} into ${into}\n`,
  );
}
