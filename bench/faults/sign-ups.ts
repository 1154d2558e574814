/**
 * Newsletter sign-ups for the fault suite's outbox sections: sent to a shop with a tag in every
 * address, and counted where they end up, in a marketing emulator's records
 * (tests/support/marketing.ts), so a run counts its own sign-ups only.
 */
import { marketingRecords } from '../../tests/support/marketing';

/** A marketing emulator's base URL and the run's debug token. */
export type MarketingEmulator = { url: string; debugToken: string };

/** The address of sign-up `i` of `tag`. */
export const signUpEmail = (tag: string, i: number) => `${tag}-${i}@example.com`;

/**
 * Posts `count` newsletter sign-ups (`{tag}-{i}@example.com`) to `shopUrl`, `concurrency` at a
 * time; resolves with how many the shop accepted (200) and the other answers by status
 * (0: no answer).
 */
export async function signUp(
  shopUrl: string,
  tag: string,
  count: number,
  concurrency = 20,
): Promise<{ accepted: number; refused: Record<string, number> }> {
  const refused: Record<string, number> = {};
  let accepted = 0;
  for (let i = 0; i < count; i += concurrency) {
    const statuses = await Promise.all(
      Array.from({ length: Math.min(concurrency, count - i) }, (_, j) =>
        fetch(`${shopUrl}/api/newsletter`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: signUpEmail(tag, i + j), honeypot: '', source: 'Footer', klaviyoListId: 'GSNEWS' }),
          signal: AbortSignal.timeout(15_000),
        })
          .then(async (res) => (await res.arrayBuffer(), res.status))
          .catch(() => 0),
      ),
    );
    for (const status of statuses) {
      if (status === 200) accepted += 1;
      else refused[status] = (refused[status] ?? 0) + 1;
    }
  }
  return { accepted, refused };
}

/** Sign-ups of `tag` an emulator holds: distinct subscribed addresses, and the API requests that carried the tag. */
export async function delivered(emulator: MarketingEmulator, tag: string): Promise<{ signUps: number; requests: number }> {
  const records = await marketingRecords({ emulators: { marketing: emulator } });
  const emails = new Set(records.subscriptions.map((s) => s.email ?? '').filter((email) => email.startsWith(`${tag}-`)));
  const requests = records.requests.filter((r) => JSON.stringify(r.body).includes(`${tag}-`)).length;
  return { signUps: emails.size, requests };
}

/**
 * The sign-ups the shop's outbox still holds (pending), from its `/readyz`, which shows them to
 * the operator only (`operatorToken`, the shop's METRICS_TOKEN); null when it cannot say.
 */
export async function outboxPending(shopUrl: string, operatorToken: string): Promise<number | null> {
  try {
    const res = await fetch(`${shopUrl}/readyz`, { headers: { authorization: `Bearer ${operatorToken}` }, signal: AbortSignal.timeout(5000) });
    const body = (await res.json()) as { outbox?: { pending?: number } | string };
    return typeof body.outbox === 'object' && typeof body.outbox.pending === 'number' ? body.outbox.pending : null;
  } catch {
    return null;
  }
}

/**
 * Waits (up to 10 s) until the shop's `/readyz` says its Redis is connected, so sign-ups go to the
 * Redis queue rather than the file spool that takes them while Redis is not there yet.
 * @throws when it does not within 10 s
 */
export async function untilRedisReady(shopUrl: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const body = (await fetch(`${shopUrl}/readyz`)
      .then((res) => res.json())
      .catch(() => null)) as { checks?: { redis?: string } } | null;
    if (body?.checks?.redis === 'ok') return;
    if (Date.now() > deadline) throw new Error(`${shopUrl}/readyz did not report Redis ok within 10 s: ${JSON.stringify(body)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
