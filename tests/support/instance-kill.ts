/**
 * The several-instances failure run (docs/architecture.md §9 "Several instances"), shared by
 * tests/deploy/instance-kill.test.ts (which asserts on it) and the fault suite (which prints it):
 * one set of emulators in its own process, two shop instances (production bundle, live mode, one
 * Redis) behind nginx, page load with autocannon and cart writers, one instance killed with SIGKILL
 * half-way.
 *
 * A cart write counts as acknowledged when the shop answered 2xx; afterwards every acknowledged
 * cart must still exist and every acknowledged line be in it (read back through nginx, from the
 * surviving instance). Failed requests are counted, never judged by time.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { emulatorPorts, liveShopEnv, startEmulatorProcess, startNginx, startShopInstance, type Child } from './cluster';

/** Pages the load mixes (seeded in content/). */
export const LOAD_PAGES = ['/', '/collections/bouquets', '/products/classic-gramercy-bouquet', '/pages/contact', '/journal/peony-season-is-here'];
/** A seeded variant with stock (content/catalog.json). */
const VARIANT = 'gid://shopify/ProductVariant/800201';

export type InstanceKillOptions = {
  /** nginx on basePort, the shops on +1 and +2, the emulators on +3…+7. */
  basePort: number;
  /** Redis both instances share (its DB index is theirs for the run). */
  redisUrl: string | null;
  /** Length of the load in ms; the kill comes half-way. */
  durationMs: number;
  /** autocannon connections for the page load. */
  connections: number;
  /** Concurrent cart writers. */
  writers: number;
  /** Drop the instances' stderr (the fault suite). */
  quiet?: boolean;
};

/** What the run measured. */
export type InstanceKillFigures = {
  pages: { requests: number; non2xx: number; errors: number; timeouts: number; statuses: Record<string, number> };
  writes: {
    attempted: number;
    acknowledged: number;
    /** Answered 429 (a rate limit), not a failure of the kill. */
    refused: number;
    /** Neither acknowledged nor refused: connection error or 5xx. */
    failed: number;
    failedStatuses: Record<string, number>;
  };
  /** Acknowledged writes missing afterwards (cart ids or `cartId line`); must be empty. */
  lostWrites: string[];
  /** The status the survivor gave `/` through nginx after the run, and directly. */
  afterKill: { throughNginx: number; survivorDirect: number };
};

type Ack = { cartId: string; lineAcknowledged: boolean };

async function post(url: string, body: unknown): Promise<{ status: number; json: { data?: { id?: string } } | null }> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    const json = (await res.json().catch(() => null)) as { data?: { id?: string } } | null;
    return { status: res.status, json };
  } catch {
    return { status: 0, json: null };
  }
}

/** One writer: new cart, one line, again, until `until`; records what was acknowledged. */
async function writer(base: string, until: number, acks: Ack[], figures: InstanceKillFigures['writes']): Promise<void> {
  const count = (status: number) => {
    figures.attempted += 1;
    if (status >= 200 && status < 300) figures.acknowledged += 1;
    else if (status === 429) figures.refused += 1;
    else {
      figures.failed += 1;
      figures.failedStatuses[String(status)] = (figures.failedStatuses[String(status)] ?? 0) + 1;
    }
  };
  while (Date.now() < until) {
    const created = await post(`${base}/api/cart`, {});
    count(created.status);
    const cartId = created.status === 201 ? created.json?.data?.id : undefined;
    if (!cartId) {
      await new Promise((r) => setTimeout(r, 50));
      continue;
    }
    const ack: Ack = { cartId, lineAcknowledged: false };
    acks.push(ack);
    const added = await post(`${base}/api/cart/lines`, { cartId, merchandiseId: VARIANT, quantity: 1 });
    count(added.status);
    ack.lineAcknowledged = added.status === 200;
  }
}

/** Every acknowledged write that is not there when read back through `base`. */
async function lostWrites(base: string, acks: Ack[]): Promise<string[]> {
  const lost: string[] = [];
  for (const ack of acks) {
    const res = await fetch(`${base}/api/cart?id=${encodeURIComponent(ack.cartId)}`);
    const body = (await res.json().catch(() => null)) as { data?: { lines?: { merchandise: { id: string } }[] } } | null;
    if (res.status !== 200) {
      lost.push(ack.cartId);
      continue;
    }
    if (ack.lineAcknowledged && !body?.data?.lines?.some((l) => l.merchandise.id === VARIANT)) lost.push(`${ack.cartId} line`);
  }
  return lost;
}

/**
 * Runs the scenario and stops everything it started, whatever happens.
 * @throws when a process does not start (ports taken, nginx missing, bundle not built)
 */
export async function runInstanceKill(opts: InstanceKillOptions): Promise<InstanceKillFigures> {
  const dir = mkdtempSync(path.join(tmpdir(), 'instance-kill-'));
  const started: Child[] = [];
  const nginxUrl = `http://127.0.0.1:${opts.basePort}`;
  try {
    const emulators = await startEmulatorProcess({
      ports: emulatorPorts(opts.basePort + 3),
      dataDir: path.join(dir, 'emulators'),
      shopUrl: nginxUrl,
    });
    started.push(emulators);
    const env = liveShopEnv(emulators.connection, { siteUrl: nginxUrl, redisUrl: opts.redisUrl, outboxDir: path.join(dir, 'outbox') });
    const [victim, survivor] = await Promise.all([
      startShopInstance(opts.basePort + 1, env, { quiet: opts.quiet }),
      startShopInstance(opts.basePort + 2, env, { quiet: opts.quiet }),
    ]);
    started.push(victim, survivor);
    const nginx = await startNginx({
      port: opts.basePort,
      upstreams: [`127.0.0.1:${victim.port}`, `127.0.0.1:${survivor.port}`],
      dir: path.join(dir, 'nginx'),
    });
    started.push(nginx);

    const writes: InstanceKillFigures['writes'] = { attempted: 0, acknowledged: 0, refused: 0, failed: 0, failedStatuses: {} };
    const acks: Ack[] = [];
    const until = Date.now() + opts.durationMs;
    const kill = new Promise<void>((resolve) => setTimeout(() => void victim.stop('SIGKILL').then(resolve), opts.durationMs / 2));
    const [load] = await Promise.all([
      autocannon({
        url: nginxUrl,
        connections: opts.connections,
        duration: opts.durationMs / 1000,
        requests: LOAD_PAGES.map((p) => ({ method: 'GET' as const, path: p })),
      }),
      kill,
      ...Array.from({ length: opts.writers }, () => writer(nginxUrl, until, acks, writes)),
    ]);
    const statuses = Object.fromEntries(Object.entries(load.statusCodeStats ?? {}).map(([code, s]) => [code, s.count ?? 0]));
    const status = async (url: string) => (await fetch(url).catch(() => null))?.status ?? 0;
    return {
      pages: { requests: load.requests.total, non2xx: load.non2xx, errors: load.errors, timeouts: load.timeouts, statuses },
      writes,
      lostWrites: await lostWrites(nginxUrl, acks),
      afterKill: { throughNginx: await status(`${nginxUrl}/`), survivorDirect: await status(`${survivor.url}/`) },
    };
  } finally {
    for (const child of started.reverse()) await child.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
