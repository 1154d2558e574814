/**
 * `npm run emulators` (emulators/cli.ts, its own process) with `STOREFRONT_PRIVATE_TOKEN`: the
 * Storefront API takes the pinned private token over HTTP on every run, so a client's `.env`
 * (a Hydrogen app's PRIVATE_STOREFRONT_API_TOKEN) outlives a restart; without it the token is new
 * per run; a malformed one stops the start with the variable's name (emulators/env.ts).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmulatorProcess } from '../support/cluster';

const PORTS = { storefront: 0, content: 0, scheduler: 0, marketing: 0, customerAccount: 0 };

let dataDir: string;
beforeAll(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'gs-private-token-'));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** `npm run emulators` with `STOREFRONT_PRIVATE_TOKEN` set to `token` ('' = unset). */
const start = (token: string) =>
  startEmulatorProcess({ ports: PORTS, dataDir, shopUrl: 'http://shop.test', env: { STOREFRONT_PRIVATE_TOKEN: token } });

/** The status of `{ shop { name } }` sent with the private token header. */
async function withPrivateToken(origin: string, token: string): Promise<number> {
  const res = await fetch(`${origin}/api/2026-04/graphql.json`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'Shopify-Storefront-Private-Token': token },
    body: JSON.stringify({ query: '{ shop { name } }' }),
  });
  return res.status;
}

test('a pinned token is printed as such and opens the Storefront API on this run and the next; unset, the run makes its own', async () => {
  const pinned = randomBytes(32).toString('hex');
  for (let run = 0; run < 2; run++) {
    const emulators = await start(pinned);
    try {
      expect(emulators.connection.storefront.privateToken).toBe(pinned);
      expect(emulators.output).toContain(`private token ${pinned} (from STOREFRONT_PRIVATE_TOKEN)`);
      expect(await withPrivateToken(emulators.connection.storefront.origin, pinned)).toBe(200);
      expect(await withPrivateToken(emulators.connection.storefront.origin, `${pinned}0`)).toBe(401);
    } finally {
      await emulators.stop();
    }
  }
  // Unset: a token of this run's (tests/emulators/debug-endpoints.test.ts: another on every run).
  const emulators = await start('');
  try {
    const { privateToken, origin } = emulators.connection.storefront;
    expect(privateToken).not.toBe(pinned);
    expect(emulators.output).toContain(`private token ${privateToken} (this run)`);
    expect(await withPrivateToken(origin, privateToken)).toBe(200);
    expect(await withPrivateToken(origin, pinned)).toBe(401);
  } finally {
    await emulators.stop();
  }
}, 90_000);

test('a malformed token stops the start: exit code 1 and the variable named on stderr, without a stack', async () => {
  await expect(start('too-short')).rejects.toThrow(
    /emulators exited \(1\): Invalid emulator settings:\n {2}- STOREFRONT_PRIVATE_TOKEN: must be at least 32 characters[^\n]*\n$/,
  );
}, 60_000);
