/**
 * tests/support/cluster.ts `startShopInstance`, as the fault suite and the instance-kill test
 * use it (quietly): a shop that refuses its configuration is reported with its exit code and its
 * last output, not only as "/readyz did not answer". Needs `npm run build` (dist/server).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { startShopInstance } from '../support/cluster';

const built = existsSync(path.resolve(__dirname, '..', '..', 'dist', 'server', 'index.js'));

(built ? describe : describe.skip)('startShopInstance', () => {
  test('a shop that exits at start is reported with its exit code and its last output, even when quiet', async () => {
    // Live mode with none of its required variables: the shop prints the ConfigError and exits 1.
    const env = { NODE_ENV: 'production', SHOP_MODE: 'live', SHOPIFY_STORE_DOMAIN: '', SANITY_PROJECT_ID: '' };
    const failure = await startShopInstance(4130, env, { quiet: true }).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(Error);
    const message = (failure as Error).message;
    expect(message).toMatch(/^shop on :4130 exited \(exit code 1\) before \/readyz answered 200; its last output:\n/);
    expect(message).toContain('Invalid configuration:');
    expect(message).toContain('SHOPIFY_STORE_DOMAIN');
  }, 30_000);
});
