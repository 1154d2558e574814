/**
 * `npm run bench:faults`: the shop's own fault suite (docs/architecture.md §9 "Fault suite").
 * Figures, never pass/fail.
 *
 * The production bundle (built first when missing) runs in live mode against the emulators in a
 * process of their own, each emulator behind a TCP gate (./gate.ts) so it can be stopped alone,
 * with a Redis of the suite's own on port 6377 (never the shared one), and prints:
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
 *    cart (./cdn-cache.ts).
 *
 * Options: `--soak-seconds N`, `--load-seconds N` (each fault run, default 30),
 * `--fuzz N` (bodies per endpoint, default 1000). Ports 3960–3999 and 6377 must be free.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  emulatorPorts,
  liveShopEnv,
  startEmulatorProcess,
  startNginx,
  startOwnRedis,
  startShopInstance,
  type Child,
  type EmulatorConnection,
} from '../../tests/support/cluster';
import { runInstanceKill } from '../../tests/support/instance-kill';
import { cdnCacheLeaks } from './cdn-cache';
import { badBody, JSON_ENDPOINTS, oddPaths, seeded, send } from './fuzz';
import { openGate, type Gate } from './gate';
import { formatPhase, loadAroundFault, loadPhase, MIXED_REQUESTS } from './load';

const ROOT = path.resolve(__dirname, '..', '..');
const BASE = 3960;
const SHOP_PORT = BASE + 1;
const CDN_PORT = BASE + 2;
const REDIS_PORT = 6377;
const UPSTREAMS = ['storefront', 'content', 'scheduler', 'marketing', 'customerAccount'] as const;
type Upstream = (typeof UPSTREAMS)[number];

const { values: args } = parseArgs({
  options: {
    'soak-seconds': { type: 'string', default: '600' },
    'load-seconds': { type: 'string', default: '30' },
    fuzz: { type: 'string', default: '1000' },
  },
});
const SOAK_SECONDS = Number(args['soak-seconds']);
const LOAD_SECONDS = Number(args['load-seconds']);
const FUZZ_PER_ENDPOINT = Number(args.fuzz);

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

async function fuzz(url: string): Promise<void> {
  console.log(`\n== 1. fuzz: ${FUZZ_PER_ENDPOINT} bad bodies per JSON endpoint, ${FUZZ_PER_ENDPOINT} odd page paths`);
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
    const statuses = Object.entries(f.statuses)
      .map(([s, n]) => `${s}:${n}`)
      .join(' ');
    console.log(`${endpoint.method.padEnd(6)} ${endpoint.path.padEnd(44)} ${f.requests} sent  5xx ${f.by5xx}  errors ${f.errors}  [${statuses}]`);
    for (const sample of f.fiveXxSamples) console.log(`         5xx sample: ${sample}`);
  }
  const paths = await send(
    url,
    oddPaths(rnd, FUZZ_PER_ENDPOINT).map((p) => ({ method: 'GET', path: p })),
    8,
  );
  const statuses = Object.entries(paths.statuses)
    .map(([s, n]) => `${s}:${n}`)
    .join(' ');
  console.log(
    `GET    odd page paths                               ${paths.requests} sent  5xx ${paths.by5xx}  errors ${paths.errors}  [${statuses}]`,
  );
  for (const sample of paths.fiveXxSamples) console.log(`         5xx sample: ${sample}`);
  console.log(`fuzz total: ${total + paths.requests} requests, 5xx ${total5xx + paths.by5xx}`);
}

async function main() {
  console.log(
    `bench:faults: NODE_ENV=${process.env.NODE_ENV ?? '(unset)'}, soak ${SOAK_SECONDS} s, each fault run ${LOAD_SECONDS} s, fuzz ${FUZZ_PER_ENDPOINT} per endpoint`,
  );
  if (!existsSync(path.join(ROOT, 'dist/server/index.js'))) spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-faults-'));
  const started: Child[] = [];
  let redis = await startOwnRedis(REDIS_PORT);
  try {
    const shopUrl = `http://127.0.0.1:${SHOP_PORT}`;
    const emulators = await startEmulatorProcess({ ports: emulatorPorts(BASE + 10), dataDir: path.join(dir, 'emulators'), shopUrl });
    started.push(emulators);
    const c = emulators.connection;
    const origins: Record<Upstream, string> = {
      storefront: c.storefront.origin,
      content: c.content.apiHost,
      scheduler: c.scheduler.url,
      marketing: c.marketing.apiUrl,
      customerAccount: c.customerAccount.issuer,
    };
    const gates = {} as Record<Upstream, Gate>;
    for (const [i, name] of UPSTREAMS.entries()) gates[name] = await openGate(BASE + 20 + i, origins[name]);
    const env = liveShopEnv(throughGates(emulators.connection, gates), {
      siteUrl: shopUrl,
      redisUrl: redis.url,
      outboxDir: path.join(dir, 'outbox'),
    });
    const shop = await startShopInstance(SHOP_PORT, env, { quiet: true });
    started.push(shop);

    await fuzz(shop.url);

    console.log(`\n== 2. Redis (own, :${REDIS_PORT}) killed with SIGKILL under load (10 connections), then started again`);
    const redisRun = await loadAroundFault({
      url: shop.url,
      connections: 10,
      seconds: LOAD_SECONDS,
      fault: () => redis.stop('SIGKILL'),
      restore: async () => {
        redis = await startOwnRedis(REDIS_PORT);
      },
    });
    for (const [name, f] of Object.entries(redisRun)) console.log(formatPhase(name, f));

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

    console.log('\n== 6. behind nginx with proxy_cache: 20 rounds of a shopper with a cart and one without');
    const nginx = await startNginx({ port: CDN_PORT, upstreams: [`127.0.0.1:${SHOP_PORT}`], dir: path.join(dir, 'nginx-cache'), cache: true });
    started.push(nginx);
    const cdn = await cdnCacheLeaks(nginx.url, 20);
    console.log(
      `${cdn.responses} responses  ${cdn.hits} cache hits  hits with Set-Cookie ${cdn.hitsWithSetCookie}  other shopper's cart in an answer ${cdn.leakedToOtherShopper} (from the cache ${cdn.leakedFromCache})`,
    );
    for (const gate of Object.values(gates)) await gate.close();
  } finally {
    for (const child of started.reverse()) await child.stop();
    await redis.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
