/**
 * `npm run emulators`: the emulators alone on their default ports (or STOREFRONT_EMULATOR_PORT,
 * CONTENT_EMULATOR_PORT, SCHEDULER_EMULATOR_PORT), each printing its URL; Ctrl-C stops them.
 */
import { defaultEmulatorUrls } from '../server/config';
import { startEmulators } from './index';

async function main() {
  const urls = defaultEmulatorUrls(process.env);
  const port = (url: string) => Number(new URL(url).port);
  const emulators = await startEmulators({
    ports: { storefront: port(urls.storefront), content: port(urls.content), scheduler: port(urls.scheduler) },
    shopUrl: process.env.SITE_URL,
  });
  for (const e of [emulators.storefront, emulators.content, emulators.scheduler]) {
    process.stdout.write(`${e.name.padEnd(16)} ${e.url}\n`);
  }
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
  process.stderr.write(`${err instanceof Error ? err.stack : err}\n`);
  process.exit(1);
});
