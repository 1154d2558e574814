/**
 * Prototype-named input, for the fault suite: the positions and names
 * tests/server/prototype-names.test.ts asserts on (tests/support/prototype-names.ts), sent to
 * the production bundle as `npm start` runs it (local mode, so the `/__local` positions are
 * there too; tests/support/shop-process.ts), signed out. A lookup on a plain object by such input
 * finds an Object.prototype member instead of nothing; figures only: 5xx and the spread of
 * statuses (./fuzz.ts `send`).
 */
import { PROTOTYPE_NAMES, prototypeProbes } from '../../tests/support/prototype-names';
import { startShopProcess } from '../../tests/support/shop-process';
import { send, type FuzzFigures } from './fuzz';

/**
 * Starts a local-mode shop with `env` (the rate limits off: over a thousand requests from one
 * address), sends every probe, stops it.
 * @throws when the shop does not start (dist/ not built)
 */
export async function prototypeFigures(env: Record<string, string>): Promise<FuzzFigures & { fiveXxSamples: string[] }> {
  const shop = await startShopProcess({ env });
  try {
    const requests = PROTOTYPE_NAMES.flatMap((n) =>
      prototypeProbes(n).map((p) => ({
        method: p.method,
        path: p.path,
        // Writes are same-origin JSON, as the shop's pages send them (the /api guard).
        ...(p.body === undefined ? {} : { body: JSON.stringify(p.body), contentType: 'application/json' }),
        headers: { ...(p.cookie ? { cookie: p.cookie } : {}), ...(p.body === undefined ? {} : { origin: shop.origin }) },
      })),
    );
    return await send(`http://127.0.0.1:${shop.port}`, requests, 4, 20);
  } finally {
    await shop.stop();
  }
}
