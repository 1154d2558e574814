/**
 * docker-compose.yml's `web` service runs the image with a read-only root filesystem, every
 * capability dropped and no privilege gain, writing only to the folders compose mounts for it
 * (docs/architecture.md §9 "Container"). This suite checks that compose says so, and that the
 * shop works under exactly those constraints.
 *
 * No Docker daemon here, so the constraints are rebuilt with the kernel's own tools, read from the
 * files themselves: in a mount namespace of its own (`unshare`), the image's runtime layout (the
 * COPY lines of the Dockerfile target compose builds and the folders it makes) is bound read-only under /mnt/app, the whole filesystem
 * is made read-only, and only compose's tmpfs and volume paths are writable (fresh folders, as
 * fresh volumes are); the Dockerfile's CMD runs with compose's environment under `setpriv` with
 * an empty capability bounding set and no_new_privs. Then a page, a product image through
 * /__local, a cart line (the Storefront emulator's SQLite), a customer registration and a
 * newsletter sign-up (no Redis: the outbox's file spool) must work, with no error logged. Needs
 * root (mount namespaces) and `npm run build`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { imageLayout } from '../support/dockerfile';
import { freePorts, until } from '../support/shop-process';

const ROOT = path.resolve(__dirname, '..', '..');
/** Where the image's /app is laid out inside the namespace (an empty mount point on any Debian). */
const APP = '/mnt/app';
/**
 * Where this Node is bound inside the namespace, as the image has its own outside /app: the Node
 * running the tests may live in the clone's node_modules (ADR-0030), which the /tmp tmpfs hides
 * when the clone is under /tmp.
 */
const NODE = '/mnt/node';

type WebService = {
  build?: { context?: string; target?: string };
  read_only?: boolean;
  cap_drop?: string[];
  cap_add?: string[];
  security_opt?: string[];
  tmpfs?: string[];
  volumes?: string[];
  environment?: Record<string, string>;
  pids_limit?: number;
  deploy?: { resources?: { limits?: { cpus?: string; memory?: string } } };
};

const compose = parse(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8')) as { services: Record<string, WebService> };
const web = compose.services.web;

/** The container paths compose makes writable for `web`: its tmpfs and its volumes (not read-only binds). */
function writablePaths(service: WebService): { tmpfs: string[]; volumes: string[] } {
  const tmpfs = (service.tmpfs ?? []).map((entry) => entry.split(':')[0]);
  const volumes = (service.volumes ?? [])
    .filter((entry) => !entry.endsWith(':ro'))
    .map((entry) => {
      const parts = entry.split(':');
      return parts.length === 1 ? parts[0] : parts[1];
    });
  return { tmpfs, volumes };
}

/**
 * The image compose builds for `web` (its build target, ADR-0033): what it copies into /app
 * (repository path → path under /app; another stage's /app is this checkout, built and
 * installed), the folders it makes, and its CMD.
 */
function composeImage(): { copies: Array<{ from: string; to: string }>; folders: string[]; cmd: string[] } {
  const target = web.build?.target;
  if (!target) throw new Error("docker-compose.yml's web names no build target");
  const { copies, folders, cmd } = imageLayout(target);
  return { copies: copies.map(({ from, to }) => ({ from, to })), folders, cmd };
}

/** A path as a single-quoted shell word. */
const sh = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

const isRoot = process.getuid?.() === 0 && existsSync('/usr/bin/unshare') && existsSync('/usr/bin/setpriv');
const built = existsSync(path.join(ROOT, 'dist/server/index.js'));
if (!isRoot && process.env.CI) throw new Error('the compose sandbox suite needs root, unshare and setpriv in CI');
if (!isRoot) process.stderr.write('\n\u001b[41m SKIPPED \u001b[0m not root (or no unshare/setpriv): the compose sandbox suite did NOT run.\n\n');

test('compose runs web read-only, without capabilities or privilege gain, with limits, and mounts what it writes', () => {
  expect(web.read_only).toBe(true);
  expect(web.cap_drop).toEqual(['ALL']);
  expect(web.cap_add).toBeUndefined();
  expect(web.security_opt).toContain('no-new-privileges:true');
  expect(web.deploy?.resources?.limits).toEqual({ cpus: expect.any(String), memory: expect.any(String) });
  expect(web.pids_limit).toBeGreaterThan(0);
  // DATA_DIR (emulator SQLite, the default /app/.data) and the outbox spool persist; /tmp is scratch.
  expect(writablePaths(web)).toEqual({ tmpfs: ['/tmp'], volumes: ['/app/.data', '/app/.data/outbox'] });
  expect(web.environment?.OUTBOX_DIR).toBe('/app/.data/outbox');
  const nginx = compose.services.nginx;
  expect(nginx).toMatchObject({ read_only: true, cap_drop: ['ALL'], security_opt: ['no-new-privileges:true'] });
  expect(nginx.deploy?.resources?.limits).toEqual({ cpus: expect.any(String), memory: expect.any(String) });
});

(isRoot && built ? describe : describe.skip)('the built shop under compose web constraints', () => {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'gs-compose-sandbox-'));
  let child: ChildProcess;
  const lines: string[] = [];
  let origin = '';
  /** Host folder of each writable container path under /app (what a fresh volume would be). */
  const volumeDirs = new Map<string, string>();

  beforeAll(async () => {
    const { tmpfs, volumes } = writablePaths(web);
    const { copies, folders, cmd } = composeImage();
    expect(copies.map((c) => c.to)).toEqual(expect.arrayContaining(['node_modules', 'dist', 'content', 'emulators', 'package.json']));
    const probe = path.join(scratch, 'probe');
    mkdirSync(probe);
    const script = ['set -e', `mount -t tmpfs -o size=4m tmpfs /mnt`, `touch ${NODE}`, `mount --bind -o ro ${sh(process.execPath)} ${NODE}`];
    for (const { from, to } of copies) {
      const target = path.posix.join(APP, to);
      const isDir = statSync(path.join(ROOT, from)).isDirectory();
      script.push(isDir ? `mkdir -p ${sh(target)}` : `mkdir -p ${sh(path.posix.dirname(target))} && touch ${sh(target)}`);
      script.push(`mount --bind -o ro ${sh(path.join(ROOT, from))} ${sh(target)}`);
    }
    for (const folder of folders) script.push(`mkdir -p ${sh(path.posix.join(APP, folder))}`);
    // Compose's volumes under /app: fresh folders, parents first (a nested volume's mount point
    // is made in its parent's folder, as the image's own folder would provide it).
    for (const volume of [...volumes].sort()) {
      if (!volume.startsWith('/app/')) throw new Error(`a volume outside /app is not modelled: ${volume}`);
      const dir = path.join(scratch, `volume${volumeDirs.size}`);
      mkdirSync(dir);
      volumeDirs.set(volume, dir);
      const target = path.posix.join(APP, path.posix.relative('/app', volume));
      script.push(`mkdir -p ${sh(target)}`, `mount --bind ${sh(dir)} ${sh(target)}`);
    }
    script.push(
      'mount -o remount,ro /mnt',
      // Everything else read-only: the root mount (all of this machine's files are on it).
      'mount -o remount,bind,ro /',
      `if touch ${sh(path.join(probe, 'x'))} 2>/dev/null; then echo 'sandbox: the root filesystem is writable' >&2; exit 90; fi`,
      `if touch ${sh(path.join(APP, 'x'))} 2>/dev/null; then echo 'sandbox: the image is writable' >&2; exit 91; fi`,
    );
    for (const dir of tmpfs) script.push(`mount -t tmpfs -o size=64m,mode=1777 tmpfs ${sh(dir)}`);
    const [program, ...args] = cmd;
    expect(program).toBe('node');
    script.push(`cd ${APP}`, `exec setpriv --bounding-set=-all --inh-caps=-all --no-new-privs -- ${NODE} ${args.map(sh).join(' ')}`);

    const [port, ...ports] = await freePorts(6);
    origin = `http://localhost:${port}`;
    // Compose's environment, /app paths moved to where the image is laid out; no Redis (the
    // outbox spools to its folder), this run's ports and origin; the image's ENV.
    const environment = Object.fromEntries(
      Object.entries(web.environment ?? {})
        .filter(([name]) => name !== 'REDIS_URL')
        // Compose's `${VAR:-default}` with VAR unset, as `docker compose up` reads it here.
        .map(([name, value]) => [
          name,
          String(value)
            .replace(/\$\{\w+:-([^}]*)\}/g, '$1')
            .replace(/^\/app\//, `${APP}/`),
        ]),
    );
    child = spawn('unshare', ['--mount', '--propagation', 'private', 'sh', '-c', script.join('\n')], {
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        ...environment,
        SITE_URL: origin,
        PORT: String(port),
        STOREFRONT_EMULATOR_PORT: String(ports[0]),
        CONTENT_EMULATOR_PORT: String(ports[1]),
        SCHEDULER_EMULATOR_PORT: String(ports[2]),
        MARKETING_EMULATOR_PORT: String(ports[3]),
        CUSTOMER_ACCOUNT_EMULATOR_PORT: String(ports[4]),
      },
    });
    const collect = (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean));
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    await until(() => {
      if (lines.some((l) => l.includes('storefront listening'))) return true;
      if (child.exitCode !== null) throw new Error(`the sandboxed shop exited (${child.exitCode}):\n${lines.join('\n')}`);
      return undefined;
    }, 'the sandboxed shop to listen');
  }, 90_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    rmSync(scratch, { recursive: true, force: true });
  });

  const json = (pathname: string, body: unknown) =>
    fetch(`${origin}${pathname}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  test('pages, images, a cart, a registration and a sign-up work, and the state lands in the mounted folders', async () => {
    const home = await fetch(`${origin}/`);
    expect(home.status).toBe(200);
    // The hero, resized and re-encoded by the content lake's image pipeline (sharp).
    const image = /(?:src|href)="(http:\/\/localhost:\d+\/__local\/content\/images\/[^"]+)"/.exec(await home.text())?.[1];
    expect(image).toBeDefined();
    const picture = await fetch(image!.replace(/&#38;|&amp;/g, '&'), { headers: { accept: 'image/avif,image/webp,*/*' } });
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toMatch(/^image\//);

    const added = await json('/api/cart/lines', { merchandiseId: 'gid://shopify/ProductVariant/800101', quantity: 1 });
    expect(added.status).toBe(201);
    const registered = await json('/api/customer/register', {
      email: `sandbox${Date.now()}@example.com`,
      password: 'petals-and-stems',
      firstName: 'Iris',
    });
    expect(registered.status).toBe(201);
    const signedUp = await json('/api/newsletter', {
      email: `sandbox-news${Date.now()}@example.com`,
      honeypot: '',
      source: 'Footer',
      klaviyoListId: 'GSNEWS',
    });
    expect(signedUp.status).toBe(200);

    // The emulators' SQLite is in DATA_DIR's volume; the spool's folders in the outbox volume.
    const data = volumeDirs.get('/app/.data')!;
    expect(existsSync(path.join(data, 'storefront', 'state.sqlite'))).toBe(true);
    await until(() => (existsSync(path.join(volumeDirs.get('/app/.data/outbox')!, 'pending')) ? true : undefined), 'the spool folders', 10_000);
    // Nothing failed for want of a writable folder.
    const errors = lines.filter((line) => /EROFS|read-only file system|"level":(50|60)/i.test(line));
    expect(errors).toEqual([]);
  }, 60_000);
});
