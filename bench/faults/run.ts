/**
 * `npm run bench:faults`: the shop's own fault suite (docs/architecture.md §9 "Fault suite").
 * Figures, never pass/fail.
 *
 * The production bundle (built first when missing) runs in live mode against the emulators in a
 * process of their own, each emulator behind a TCP gate (./gate.ts) so it can be stopped alone,
 * with a Redis of the suite's own on port 6377 (never the shared one), every rate limit tier
 * switched off (`RATE_LIMIT_{TIER}=off`, so bodies reach the handlers rather than the limiters;
 * the tiers are tested in tests/server/rate-limits.test.ts), and prints:
 *
 * 1. fuzz: ≥ 1,000 bad bodies to every JSON endpoint (./fuzz.ts) and as many odd page paths;
 *    5xx and connection errors per endpoint;
 * 2. Redis killed (SIGKILL) under load and started again: 5xx, errors, latency before / during /
 *    after;
 * 3. each upstream stopped under load and brought back, one at a time: the same figures;
 * 4. soak: 50 connections for `--soak-seconds` (default 600), the shop's resident memory (RSS)
 *    at the start, highest and at the end;
 * 5. two instances behind nginx, one killed with SIGKILL (tests/support/instance-kill.ts):
 *    failed requests and lost acknowledged writes;
 * 6. behind nginx with `proxy_cache`: cached answers carrying Set-Cookie or another shopper's
 *    cart (./cdn-cache.ts);
 * 7. the local proxy of a shop in local mode attacked (./local-proxy.ts): answers 404 / 403 /
 *    other, what reached a foreign listener, HTML answers without a CSP;
 * 8. a Redis restart with sign-ups queued while the marketing provider fails, once with no
 *    persistence and once with docker-compose.yml's (./redis-restart.ts): accepted vs delivered;
 * 9. two shops on one Redis with different marketing accounts (./two-shops.ts): sign-ups
 *    delivered to the wrong shop's account;
 * 10. each upstream hanging (fault switch `hang`) under load (./hang.ts): 5xx, latency
 *    p50/p99/max against the 8 s deadline, and errors per second after `none`;
 * 11. SIGTERM under 16 keep-alive clients (./sigterm.ts, the run tests/server/shutdown.test.ts
 *    asserts on): answers and resets after the signal, time to exit, `/readyz`;
 * 12. prototype-named input in every position a shopper controls (./proto-paths.ts, the probes
 *    tests/server/prototype-names.test.ts asserts on): 5xx.
 *
 * Options: `--soak-seconds N`, `--load-seconds N` (each fault run, default 30),
 * `--fuzz N` (bodies per endpoint, default 1000), `--sign-ups N` (per run of 8 and 9, default
 * 200), `--only 1,7,10` (those sections alone). Ports 3960–3999 and 6377 must be free; 7, 9, 11
 * and 12 use free ports besides.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { rateLimitVariable } from '../../server/config';
import { RATE_LIMIT_TIERS, TIER_OFF } from '../../server/http/rate-limit-tiers';
import {
  composeRedisFlags,
  emulatorPorts,
  liveShopEnv,
  REDIS_NO_PERSISTENCE,
  startEmulatorProcess,
  startNginx,
  startOwnRedis,
  startShopInstance,
  type Child,
  type EmulatorConnection,
} from '../../tests/support/cluster';
import { runInstanceKill } from '../../tests/support/instance-kill';
import { PROTOTYPE_NAMES } from '../../tests/support/prototype-names';
import { SIGTERM_CLIENTS } from '../../tests/support/sigterm-load';
import { cdnCacheLeaks } from './cdn-cache';
import { badBody, JSON_ENDPOINTS, oddPaths, seeded, send, type FuzzFigures } from './fuzz';
import { openGate, type Gate } from './gate';
import { formatHang, HANGABLE, hangUnderLoad } from './hang';
import { formatPhase, loadAroundFault, loadPhase, MIXED_REQUESTS } from './load';
import { localProxyFigures } from './local-proxy';
import { prototypeFigures } from './proto-paths';
import { redisRestartLoss } from './redis-restart';
import { sigtermRun } from './sigterm';
import { twoShopsOneRedis } from './two-shops';

const ROOT = path.resolve(__dirname, '..', '..');
const BASE = 3960;
const SHOP_PORT = BASE + 1;
const CDN_PORT = BASE + 2;
/** Instances of their own for sections 8 and 10. */
const RESTART_SHOP_PORT = BASE + 3;
const HANG_SHOP_PORT = BASE + 4;
const REDIS_PORT = 6377;
const UPSTREAMS = ['storefront', 'content', 'scheduler', 'marketing', 'customerAccount'] as const;
type Upstream = (typeof UPSTREAMS)[number];
const SECTIONS = 12;

const { values: args } = parseArgs({
  options: {
    'soak-seconds': { type: 'string', default: '600' },
    'load-seconds': { type: 'string', default: '30' },
    fuzz: { type: 'string', default: '1000' },
    'sign-ups': { type: 'string', default: '200' },
    only: { type: 'string' },
  },
});
const SOAK_SECONDS = Number(args['soak-seconds']);
const LOAD_SECONDS = Number(args['load-seconds']);
const FUZZ_PER_ENDPOINT = Number(args.fuzz);
const SIGN_UPS = Number(args['sign-ups']);
const ONLY = new Set(args.only ? args.only.split(',').map((n) => Number(n.trim())) : Array.from({ length: SECTIONS }, (_, i) => i + 1));
for (const n of ONLY) if (!Number.isInteger(n) || n < 1 || n > SECTIONS) throw new Error(`--only: no section ${n} (1–${SECTIONS})`);
const runs = (...sections: number[]) => sections.some((n) => ONLY.has(n));

/**
 * Every rate limit tier off: one client address sends everything, so with the limits on most
 * fuzz bodies met a 429 (193–290 of 300 per limited endpoint) and never reached a handler.
 */
const RATE_LIMITS_OFF: Record<string, string> = Object.fromEntries(RATE_LIMIT_TIERS.map((tier) => [rateLimitVariable(tier), TIER_OFF]));

/** The emulators' connection with every upstream reached through its gate. */
function throughGates(c: EmulatorConnection, gates: Record<Upstream, Gate>): EmulatorConnection {
  return {
    ...c,
    storefront: { ...c.storefront, origin: gates.storefront.url },
    content: { ...c.content, apiHost: gates.content.url },
    scheduler: { ...c.scheduler, url: gates.scheduler.url },
    marketing: { ...c.marketing, apiUrl: gates.marketing.url },
    customerAccount: { ...c.customerAccount, issuer: gates.customerAccount.url },
  };
}

/** Resident memory of `pid` in MB (Linux /proc). */
function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return kb ? Number(kb) / 1024 : NaN;
}

const spread = (f: FuzzFigures) =>
  Object.entries(f.statuses)
    .map(([s, n]) => `${s}:${n}`)
    .join(' ');

async function fuzz(url: string): Promise<void> {
  console.log(`\n== 1. fuzz: ${FUZZ_PER_ENDPOINT} bad bodies per JSON endpoint, ${FUZZ_PER_ENDPOINT} odd page paths (rate limits off)`);
  const rnd = seeded(12);
  let total5xx = 0;
  let total = 0;
  for (const endpoint of JSON_ENDPOINTS) {
    const requests = Array.from({ length: FUZZ_PER_ENDPOINT }, () => {
      const { body, contentType } = badBody(rnd, endpoint.fields);
      const p = endpoint.path.replace(':id', encodeURIComponent(String(rnd()).slice(2, 6) + '%'));
      if (endpoint.method === 'GET') return { method: 'GET', path: `${p}?id=${encodeURIComponent(body.slice(0, 2000))}` };
      return { method: endpoint.method, path: p, body, contentType };
    });
    const f = await send(url, requests, 8);
    total5xx += f.by5xx;
    total += f.requests;
    console.log(`${endpoint.method.padEnd(6)} ${endpoint.path.padEnd(44)} ${f.requests} sent  5xx ${f.by5xx}  errors ${f.errors}  [${spread(f)}]`);
    for (const sample of f.fiveXxSamples) console.log(`         5xx sample: ${sample}`);
  }
  const paths = await send(
    url,
    oddPaths(rnd, FUZZ_PER_ENDPOINT).map((p) => ({ method: 'GET', path: p })),
    8,
  );
  console.log(
    `GET    odd page paths                               ${paths.requests} sent  5xx ${paths.by5xx}  errors ${paths.errors}  [${spread(paths)}]`,
  );
  for (const sample of paths.fiveXxSamples) console.log(`         5xx sample: ${sample}`);
  console.log(`fuzz total: ${total + paths.requests} requests, 5xx ${total5xx + paths.by5xx}`);
}

async function localProxy(): Promise<void> {
  console.log('\n== 7. local mode: the /__local proxy attacked (each path without and with Authorization: Bearer <debug token>)');
  const f = await localProxyFigures();
  console.log(`attacks ${f.sent}  answered 404 ${f.s404}  403 ${f.s403}  other ${f.other.length}`);
  for (const line of f.other.slice(0, 10)) console.log(`         other: ${line}`);
  console.log(`reached the foreign listener: ${f.foreignConnections} connections, ${f.foreignRequests} requests`);
  console.log(`inbox: from 127.0.0.1 ${f.inboxFromLoopback}, with X-Forwarded-For 203.0.113.7 (TRUSTED_PROXY_HOPS=1) ${f.inboxFromElsewhere}`);
  console.log(`HTML answers ${f.htmlAnswers}, without a Content-Security-Policy ${f.htmlWithoutCsp.length}`);
  for (const line of f.htmlWithoutCsp.slice(0, 10)) console.log(`         no CSP: ${line}`);
}

async function redisRestart(connection: EmulatorConnection, dir: string): Promise<void> {
  console.log(`\n== 8. Redis SIGKILLed and restarted with ${SIGN_UPS} sign-ups queued while the marketing emulator fails (error 503)`);
  const settings: [string, string[]][] = [
    ['no persistence', REDIS_NO_PERSISTENCE],
    ['compose flags', composeRedisFlags()],
  ];
  for (const [i, [name, flags]] of settings.entries()) {
    const f = await redisRestartLoss({
      connection,
      shopPort: RESTART_SHOP_PORT,
      flags,
      dir: path.join(dir, `redis-restart-${i}`),
      signUps: SIGN_UPS,
      tag: `restart-${i}-${Date.now().toString(36)}`,
      env: RATE_LIMITS_OFF,
    });
    const refused = Object.keys(f.refused).length ? `  refused ${JSON.stringify(f.refused)}` : '';
    console.log(
      `${name.padEnd(15)} (${flags.map((x) => x || "''").join(' ')}): accepted ${f.accepted}${refused}  delivered ${f.delivered}  lost ${f.accepted - f.delivered}  (delivery requests ${f.deliveryRequests}, outbox pending at the end ${f.pendingAtEnd ?? '?'}, waited ${(f.waitedMs / 1000).toFixed(0)} s)`,
    );
  }
}

async function twoShops(): Promise<void> {
  console.log(`\n== 9. two shops (local mode, own marketing emulators, same SITE_URL) on one Redis, ${SIGN_UPS} sign-ups each`);
  const f = await twoShopsOneRedis(SIGN_UPS, RATE_LIMITS_OFF);
  for (const [i, shop] of f.shops.entries())
    console.log(`shop ${i + 1}: accepted ${shop.accepted}  delivered to its own account ${shop.own}  to the other shop's ${shop.wrongShop}`);
  console.log(`waited ${(f.waitedMs / 1000).toFixed(1)} s for the deliveries`);
}

async function hangs(connection: EmulatorConnection, dir: string): Promise<void> {
  const hangMs = Math.max(10, Math.round(LOAD_SECONDS / 3)) * 1000;
  console.log(
    `\n== 10. each upstream hanging (fault switch "hang") under load (10 keep-alive clients): 2 s healthy, ${hangMs / 1000} s hung, 6 s after "none"`,
  );
  const env = {
    ...liveShopEnv(connection, {
      siteUrl: `http://127.0.0.1:${HANG_SHOP_PORT}`,
      redisUrl: `redis://127.0.0.1:${REDIS_PORT}/0`,
      outboxDir: path.join(dir, 'hang-outbox'),
    }),
    ...RATE_LIMITS_OFF,
    // The calendar reaches the scheduler at least once a second instead of once a minute.
    AVAILABILITY_TTL_SECONDS: '1',
  };
  const shop = await startShopInstance(HANG_SHOP_PORT, env, { quiet: true });
  try {
    for (const upstream of HANGABLE) {
      console.log(`-- ${upstream}`);
      const f = await hangUnderLoad({ port: shop.port, connection, upstream, clients: 10, beforeMs: 2000, hangMs, afterMs: 6000 });
      for (const line of formatHang(f)) console.log(line);
    }
  } finally {
    await shop.stop();
  }
}

async function sigterm(): Promise<void> {
  console.log(
    `\n== 11. SIGTERM to one shop (npm start's, page cache off) under ${SIGTERM_CLIENTS} keep-alive clients rendering pages in a loop, /readyz polled beside them`,
  );
  const f = await sigtermRun(RATE_LIMITS_OFF);
  console.log(`${f.requests} page requests; answered after the shop read the signal ${f.answeredAfterSignal}; kept alive after it ${f.keptAlive}`);
  console.log(
    `resets / hang-ups ${f.resets.length}  answers cut short or not 200 ${f.unfinished.length}  refused on a used connection or before the signal ${f.badRefusals}  ` +
      `resets of a connection its client left idle ${f.idleRaces}`,
  );
  for (const line of [...f.resets, ...f.unfinished].slice(0, 10)) console.log(`         ${line}`);
  console.log(`exit ${f.exitMs} ms after the signal (code ${f.code}); /readyz from the signal on: ${f.readyzAfterSignal}`);
}

async function prototypePaths(): Promise<void> {
  console.log(`\n== 12. prototype-named input (${PROTOTYPE_NAMES.join(', ')}) in every position a shopper controls, npm start's shop, signed out`);
  const f = await prototypeFigures(RATE_LIMITS_OFF);
  console.log(`${f.requests} sent  5xx ${f.by5xx}  errors ${f.errors}  [${spread(f)}]`);
  for (const sample of f.fiveXxSamples) console.log(`         5xx sample: ${sample}`);
}

async function main() {
  console.log(
    `bench:faults: NODE_ENV=${process.env.NODE_ENV ?? '(unset)'}, soak ${SOAK_SECONDS} s, each fault run ${LOAD_SECONDS} s, fuzz ${FUZZ_PER_ENDPOINT} per endpoint, ${SIGN_UPS} sign-ups per run, sections ${[...ONLY].join(',')}`,
  );
  if (!existsSync(path.join(ROOT, 'dist/server/index.js'))) spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  const started = Date.now();
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-faults-'));
  const children: Child[] = [];
  const needsShop = runs(1, 2, 3, 4, 6);
  const needsEmulators = needsShop || runs(8, 10);
  let redis = needsShop || runs(10) ? await startOwnRedis(REDIS_PORT) : null;
  const gates = {} as Record<Upstream, Gate>;
  try {
    const shopUrl = `http://127.0.0.1:${SHOP_PORT}`;
    const emulators = needsEmulators
      ? await startEmulatorProcess({ ports: emulatorPorts(BASE + 10), dataDir: path.join(dir, 'emulators'), shopUrl })
      : null;
    if (emulators) children.push(emulators);
    const c = emulators?.connection;
    let shop: Awaited<ReturnType<typeof startShopInstance>> | null = null;
    if (c && needsShop && redis) {
      const origins: Record<Upstream, string> = {
        storefront: c.storefront.origin,
        content: c.content.apiHost,
        scheduler: c.scheduler.url,
        marketing: c.marketing.apiUrl,
        customerAccount: c.customerAccount.issuer,
      };
      for (const [i, name] of UPSTREAMS.entries()) gates[name] = await openGate(BASE + 20 + i, origins[name]);
      const env = {
        ...liveShopEnv(throughGates(c, gates), { siteUrl: shopUrl, redisUrl: redis.url, outboxDir: path.join(dir, 'outbox') }),
        ...RATE_LIMITS_OFF,
      };
      shop = await startShopInstance(SHOP_PORT, env, { quiet: true });
      children.push(shop);
    }

    if (shop && runs(1)) await fuzz(shop.url);

    if (shop && redis && runs(2)) {
      console.log(`\n== 2. Redis (own, :${REDIS_PORT}) killed with SIGKILL under load (10 connections), then started again`);
      const ownRedis = redis;
      const redisRun = await loadAroundFault({
        url: shop.url,
        connections: 10,
        seconds: LOAD_SECONDS,
        fault: () => ownRedis.stop('SIGKILL'),
        restore: async () => {
          redis = await startOwnRedis(REDIS_PORT);
        },
      });
      for (const [name, f] of Object.entries(redisRun)) console.log(formatPhase(name, f));
    }

    if (shop && runs(3)) {
      console.log('\n== 3. each upstream stopped under load (10 connections), then back');
      for (const name of UPSTREAMS) {
        console.log(`-- ${name}`);
        const run = await loadAroundFault({
          url: shop.url,
          connections: 10,
          seconds: LOAD_SECONDS,
          fault: () => gates[name].close(),
          restore: () => gates[name].open(),
        });
        for (const [phaseName, f] of Object.entries(run)) console.log(formatPhase(phaseName, f));
      }
    }

    if (shop && runs(4)) {
      console.log(`\n== 4. soak: 50 connections for ${SOAK_SECONDS} s, shop RSS`);
      const samples = [rssMb(shop.pid)];
      const sampler = setInterval(() => samples.push(rssMb(shop.pid)), 5000);
      const soak = await loadPhase(shop.url, 50, SOAK_SECONDS, MIXED_REQUESTS);
      clearInterval(sampler);
      samples.push(rssMb(shop.pid));
      console.log(formatPhase('soak', soak));
      const [first, last] = [samples[0], samples[samples.length - 1]];
      console.log(
        `RSS start ${first.toFixed(0)} MB  max ${Math.max(...samples).toFixed(0)} MB  end ${last.toFixed(0)} MB  growth ${(last - first).toFixed(0)} MB (${samples.length} samples)`,
      );
    }

    if (runs(5)) {
      console.log('\n== 5. two instances behind nginx, one killed with SIGKILL half-way (8 connections of page load, 4 cart writers)');
      const kill = await runInstanceKill({
        basePort: BASE + 30,
        redisUrl: `redis://127.0.0.1:${REDIS_PORT}/1`,
        durationMs: LOAD_SECONDS * 1000,
        connections: 8,
        writers: 4,
        quiet: true,
      });
      const p = kill.pages;
      console.log(
        `pages   ${p.requests} requests  non-2xx ${p.non2xx}  errors ${p.errors}  timeouts ${p.timeouts}  statuses ${JSON.stringify(p.statuses)}`,
      );
      const w = kill.writes;
      console.log(
        `writes  ${w.attempted} attempted  ${w.acknowledged} acknowledged  ${w.refused} refused (429)  ${w.failed} failed ${JSON.stringify(w.failedStatuses)}`,
      );
      console.log(
        `lost acknowledged writes ${kill.lostWrites.length}  after the kill: / through nginx ${kill.afterKill.throughNginx}, survivor directly ${kill.afterKill.survivorDirect}`,
      );
    }

    if (shop && runs(6)) {
      console.log('\n== 6. behind nginx with proxy_cache: 20 rounds of a shopper with a cart and one without');
      const nginx = await startNginx({ port: CDN_PORT, upstreams: [`127.0.0.1:${SHOP_PORT}`], dir: path.join(dir, 'nginx-cache'), cache: true });
      children.push(nginx);
      const cdn = await cdnCacheLeaks(nginx.url, 20);
      console.log(
        `${cdn.responses} responses  ${cdn.hits} cache hits  hits with Set-Cookie ${cdn.hitsWithSetCookie}  other shopper's cart in an answer ${cdn.leakedToOtherShopper} (from the cache ${cdn.leakedFromCache})  no answer in 15 s ${cdn.noAnswer.length ? cdn.noAnswer.join(' ') : 0}`,
      );
    }

    if (runs(7)) await localProxy();
    if (c && runs(8)) await redisRestart(c, dir);
    if (runs(9)) await twoShops();
    if (c && runs(10)) await hangs(c, dir);
    if (runs(11)) await sigterm();
    if (runs(12)) await prototypePaths();
  } finally {
    for (const gate of Object.values(gates)) await gate.close();
    for (const child of children.reverse()) await child.stop();
    await redis?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(`\nbench:faults took ${((Date.now() - started) / 60_000).toFixed(1)} min`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
