/**
 * `npm run emulators`: the emulators alone, on the ports, address and data folder the
 * environment gives (see ./env.ts: STOREFRONT_EMULATOR_PORT, CONTENT_EMULATOR_PORT,
 * SCHEDULER_EMULATOR_PORT, MARKETING_EMULATOR_PORT, CUSTOMER_ACCOUNT_EMULATOR_PORT, EMULATOR_HOST,
 * DATA_DIR, STOREFRONT_PRIVATE_TOKEN), each printing its URL, then GraphiQL's URL and the Storefront
 * API's tokens (the public one, the same every run; the private one, new every run unless
 * STOREFRONT_PRIVATE_TOKEN pins it, and the line says which), then the connection settings a storefront
 * needs; Ctrl-C stops them. SITE_URL, when set, is where the checkout page links back to and where customer sign-in
 * redirects to (`${SITE_URL}/accounts/account`).
 */
import { EmulatorEnvError, emulatorOptionsFromEnv, startEmulators } from './index';
import { GRAPHIQL_PATH } from './storefront-api';

async function main() {
  const options = emulatorOptionsFromEnv(process.env);
  const emulators = await startEmulators({ ...options, shopUrl: process.env.SITE_URL || undefined });
  for (const e of [emulators.storefront, emulators.content, emulators.scheduler, emulators.marketing, emulators.customerAccount]) {
    process.stdout.write(`${e.name.padEnd(16)} ${e.url}\n`);
  }
  const { publicToken, privateToken } = emulators.connection.storefront;
  process.stdout.write(`${'GraphiQL'.padEnd(16)} ${emulators.storefront.url}${GRAPHIQL_PATH}\n`);
  const privateSource = options.storefrontPrivateToken ? 'from STOREFRONT_PRIVATE_TOKEN' : 'this run';
  process.stdout.write(`Storefront API   public token ${publicToken}, private token ${privateToken} (${privateSource})\n`);
  process.stdout.write(`connection settings: ${JSON.stringify(emulators.connection, null, 2)}\n`);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`${signal}: stopping emulators\n`);
    await emulators.stopAll();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err) => {
  // Bad variables are listed plainly, without a stack.
  process.stderr.write(`${err instanceof EmulatorEnvError ? err.message : err instanceof Error ? err.stack : err}\n`);
  process.exit(1);
});
