/**
 * Real services for tests (Redis, Chromium, nginx). In CI (`CI=true`) a missing service fails the
 * suite; on a laptop the suite is skipped and the skip is announced loudly, so nobody mistakes
 * a skipped suite for a passing one (README contract).
 *
 * Usage in a test file:
 *   const redis = serviceAvailable('redis');   // evaluated at import time
 *   (redis ? describe : describe.skip)('…', () => { … });
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const REDIS_TEST_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379/0';
/**
 * Command timeout (ms) for tests that talk to a healthy Redis. The cache's production bound
 * (250 ms) is about falling back fast when Redis hangs; on a 2-core CI machine running Chromium
 * suites beside these, a healthy Redis round trip has exceeded it. Tests of the fallback itself
 * set their own short bound.
 */
export const REDIS_TEST_COMMAND_TIMEOUT_MS = 5000;
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Debian's nginx (the several-instances test puts it in front of two shops). */
export const NGINX_PATH = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/** Chromium flags for this machine (no network, no sandbox as root). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function redisReachable(): boolean {
  const { hostname, port } = new URL(REDIS_TEST_URL);
  try {
    // A synchronous PING keeps the decision at import time, where describe/describe.skip is chosen.
    const out = execFileSync(
      process.execPath,
      [
        '-e',
        `
      const s=require('net').connect(${Number(port) || 6379},'${hostname}',()=>s.write('PING\\r\\n'));
      s.setTimeout(1000,()=>process.exit(1)); s.on('error',()=>process.exit(1));
      s.on('data',d=>{process.stdout.write(String(d));process.exit(0)});`,
      ],
      { timeout: 3000 },
    );
    return String(out).includes('PONG');
  } catch {
    return false;
  }
}

/** True when the service is there; false (with a loud warning) when not; throws in CI. */
export function serviceAvailable(service: 'redis' | 'chromium' | 'nginx'): boolean {
  const ok = service === 'redis' ? redisReachable() : existsSync(service === 'chromium' ? CHROMIUM_PATH : NGINX_PATH);
  if (ok) return true;
  const what =
    service === 'redis' ? `Redis at ${REDIS_TEST_URL}` : service === 'chromium' ? `Chromium at ${CHROMIUM_PATH}` : `nginx at ${NGINX_PATH}`;
  if (process.env.CI) throw new Error(`${what} is required in CI and is missing`);
  process.stderr.write(`\n\u001b[41m SKIPPED \u001b[0m ${what} not available: this suite did NOT run.\n\n`);
  return false;
}
