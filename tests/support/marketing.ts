/**
 * Reading what the marketing stand-in recorded (its `/__emulator/records`), and waiting for the
 * outbox's worker to get a sign-up there, for suites that go through the real app.
 */
import type { MarketingRecords } from '../../emulators/marketing';
import type { TestApp } from './app';

/** Whatever reaches the marketing stand-in: a test app's emulators, or the shop process's (tests/support/shop-process.ts). */
type WithMarketing = { emulators: { marketing: { url: string; debugToken: string } } };

/** What the stand-in holds: the state after Klaviyo's upserts, and every accepted request (emulators/marketing/README.md). */
export type { MarketingRecords } from '../../emulators/marketing';

export async function marketingRecords(t: WithMarketing): Promise<MarketingRecords> {
  const res = await fetch(`${t.emulators.marketing.url}/__emulator/records`, { headers: { 'x-emulator-token': t.emulators.marketing.debugToken } });
  if (!res.ok) throw new Error(`marketing records: HTTP ${res.status}`);
  return (await res.json()) as MarketingRecords;
}

/**
 * Polls the records until `done` holds (the worker delivers in the background).
 * @throws after `timeoutMs` (default 15 s), with the last records in the message
 */
export async function untilRecorded(t: WithMarketing, done: (records: MarketingRecords) => boolean, timeoutMs = 15_000): Promise<MarketingRecords> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const records = await marketingRecords(t);
    if (done(records)) return records;
    if (Date.now() > deadline) {
      const { subscriptions, backInStock, events } = records;
      throw new Error(
        `not recorded in ${timeoutMs} ms: ${subscriptions.length} subscriptions, ${backInStock.length} back in stock, ${events.length} events`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Sign-ups the app's outbox has taken in so far (pending, delivered or dead). */
export async function acceptedSignUps(t: Pick<TestApp, 'outbox'>): Promise<number> {
  const { pending, delivered, dead } = await t.outbox.stats();
  return pending + delivered + dead;
}
