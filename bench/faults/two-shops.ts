/**
 * Two shops on one Redis, for the fault suite: two shops in local mode (tests/support/shop-process.ts,
 * each with its own emulators, so their marketing accounts have different API URLs and keys)
 * given the same Redis and the same SITE_URL, so the only thing telling their sign-up queues
 * apart is the marketing account (server/marketing/outbox.ts `outboxRedisPrefix`). Each takes
 * `count` sign-ups; counted: how many reached each shop's own marketing emulator and how many
 * the other shop's. Figures only.
 */
import { startOwnRedis } from '../../tests/support/cluster';
import { freePort, startShopProcess, type ShopProcess } from '../../tests/support/shop-process';
import { delivered, signUp, untilRedisReady } from './sign-ups';

export type TwoShopsFigures = {
  /** Per shop: sign-ups accepted, delivered to its own account, delivered to the other shop's. */
  shops: { accepted: number; own: number; wrongShop: number }[];
  /** Waited for the deliveries (until every accepted sign-up is somewhere, or 30 s). */
  waitedMs: number;
};

/**
 * Starts a Redis (free port, no persistence) and the two shops, sends the sign-ups, waits for
 * their delivery, stops everything.
 * @param env variables both shops get (the rate limits switched off)
 * @throws when a process does not start (dist/ not built)
 */
export async function twoShopsOneRedis(count: number, env: Record<string, string>): Promise<TwoShopsFigures> {
  const redis = await startOwnRedis(await freePort());
  const shops: ShopProcess[] = [];
  try {
    const siteUrl = `http://localhost:${await freePort()}`;
    for (let i = 0; i < 2; i += 1) shops.push(await startShopProcess({ env: { ...env, REDIS_URL: redis.url, SITE_URL: siteUrl } }));
    const urls = shops.map((s) => `http://127.0.0.1:${s.port}`);
    for (const url of urls) await untilRedisReady(url);
    const tags = shops.map((_, i) => `two-shops-${i}-${Date.now().toString(36)}`);
    const accepted = await Promise.all(urls.map(async (url, i) => (await signUp(url, tags[i], count)).accepted));
    const started = Date.now();
    const whereDelivered = async () =>
      Promise.all(
        shops.map(async (_, i) => ({
          own: (await delivered(shops[i].emulators.marketing, tags[i])).signUps,
          wrongShop: (await delivered(shops[1 - i].emulators.marketing, tags[i])).signUps,
        })),
      );
    let seen = await whereDelivered();
    while (seen.some((s, i) => s.own + s.wrongShop < accepted[i]) && Date.now() - started < 30_000) {
      await new Promise((r) => setTimeout(r, 500));
      seen = await whereDelivered();
    }
    return { shops: seen.map((s, i) => ({ accepted: accepted[i], ...s })), waitedMs: Date.now() - started };
  } finally {
    for (const shop of shops) await shop.stop();
    await redis.stop();
  }
}
