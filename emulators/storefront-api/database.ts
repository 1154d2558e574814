/**
 * The Storefront emulator's SQLite file, `{dataDir}/storefront/state.sqlite` (../shared/sqlite.ts:
 * WAL, schema by user_version): carts, orders, customers (with the id counters), the mail
 * inbox and gift card balances, one table each, each record one JSON document beside the columns it is looked up by.
 *
 * A data dir from before this file (carts.json, orders.json, customers.json, mail.json under
 * `{dataDir}/storefront/`) is imported once, into an empty database, and the files renamed to
 * `*.json.imported` (../shared/legacy-json.ts).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { importLegacyJson } from '../shared/legacy-json';
import { openDatabase, type Database } from '../shared/sqlite';
import { CARTS_SCHEMA, saveCart, type StoredCart } from './carts';
import { CUSTOMERS_SCHEMA, saveCustomer, type CustomersState } from './customers';
import { GIFT_CARDS_SCHEMA } from './gift-cards';
import { insertMail, MAIL_SCHEMA, type MailMessage } from './mail';
import { insertOrder, ORDERS_SCHEMA, ordersIn, type StoredOrder } from './orders';

/** Schema versions, oldest first (append a migration; never edit a shipped one). */
const MIGRATIONS = [[CARTS_SCHEMA, ORDERS_SCHEMA, CUSTOMERS_SCHEMA, MAIL_SCHEMA].join('\n'), GIFT_CARDS_SCHEMA];

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
    importJsonState(db, path.join(dataDir, 'storefront'));
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

/** Imports `{dataDir}/storefront/{carts,orders,customers,mail}.json` (the pre-SQLite state) into an empty database. */
function importJsonState(db: Database, folder: string): void {
  const file = (name: string) => path.join(folder, `${name}.json`);
  importLegacyJson(db, {
    emulator: 'storefront',
    files: ['carts', 'orders', 'customers', 'mail'].map(file),
    tables: ['carts', 'orders', 'customers', 'mail'],
    write(contents) {
      const carts = (contents(file('carts')) ?? []) as StoredCart[];
      const orders = (contents(file('orders')) ?? []) as StoredOrder[];
      const customers = contents(file('customers')) as CustomersState | undefined;
      const mail = (contents(file('mail')) ?? []) as MailMessage[];
      for (const cart of carts) saveCart(db, cart);
      for (const order of orders) insertOrder(db, order);
      for (const customer of customers?.customers ?? []) saveCustomer(db, customer, customers!);
      for (const { id: _id, sentAt, ...message } of mail) insertMail(db, message, sentAt);
      return `${carts.length} carts, ${orders.length} orders, ${customers?.customers.length ?? 0} customers and ${mail.length} mail`;
    },
  });
}
