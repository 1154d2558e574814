/**
 * The production image carries the shop, not its stand-ins (ADR-0033): the Dockerfile's default
 * target (`runtime`) installs the root workspace's production dependencies alone, and copies
 * neither emulators/ nor content/ nor dist/emulators; its `local` target (docker compose) adds them.
 *
 * No Docker daemon here, so each image is made with the Dockerfile's own commands, read from it
 * (tests/support/dockerfile.ts): an install stage's COPY lines copy from this checkout into a
 * temporary folder, its RUN lines run there (the same npm ci, on the pinned Node, as the image's
 * Node runs them); the target's COPY lines then lay the image's /app out in another folder, the
 * build stage's /app being this checkout (`npm run build` beforehand). Then:
 * - production: nothing in node_modules that the shop's own production dependencies do not need
 *   (none of the emulators' packages); it serves the home page in live mode against emulators run
 *   from this checkout; asked for local mode, it exits 1 saying the emulators are not installed;
 * - local: the shop starts its emulators from that install alone and serves the home page.
 * Needs the registry or npm's cache (the project's own `npm ci` fills it), and about a minute per image.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EMULATORS_PACKAGE } from '../../server/local-emulators';
import { liveShopEnv, startEmulatorProcess, startShopInstance } from '../support/cluster';
import { imageLayout } from '../support/dockerfile';
import { freePort, freePorts } from '../support/shop-process';

const ROOT = path.resolve(__dirname, '..', '..');
type Manifest = {
  name: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
};
const readJson = <T>(file: string) => JSON.parse(readFileSync(file, 'utf8')) as T;
const rootManifest = readJson<Manifest>(path.join(ROOT, 'package.json'));
const emulatorsManifest = readJson<Manifest>(path.join(ROOT, 'emulators', 'package.json'));
const lock = readJson<{ packages: Record<string, { resolved?: string; link?: boolean }> }>(path.join(ROOT, 'package-lock.json'));

/** The stage whose /app this checkout stands for: installed and built (`npm test` builds first). */
const BUILD_STAGE = 'build';

/**
 * A fresh shell's PATH with the pinned Node first (the image's Node runs npm there), no
 * node_modules/.bin; npm may take what its cache holds without asking the registry again (the
 * project's own npm ci put the same lock file's packages there; npm checks their integrity).
 */
const installEnv = {
  HOME: process.env.HOME ?? os.homedir(),
  npm_config_prefer_offline: 'true',
  PATH: [path.dirname(process.execPath), ...(process.env.PATH ?? '').split(':').filter((dir) => !dir.includes('node_modules'))].join(':'),
};

/** Runs the install stage `name` in `dir` (its context COPY lines from this checkout, then its RUN lines). */
function runStage(name: string, dir: string): void {
  const { copies, runs } = imageLayout(name);
  mkdirSync(dir, { recursive: true });
  for (const copy of copies) {
    if (copy.stage) throw new Error(`stage ${name} copies from stage ${copy.stage}: not modelled`);
    cpSync(path.join(ROOT, copy.from), path.join(dir, copy.to), { recursive: true });
  }
  for (const command of runs) execFileSync('sh', ['-c', command], { cwd: dir, env: installEnv, stdio: ['ignore', 'ignore', 'pipe'] });
}

/** Lays out the image of `target` in `app`: the stages it copies from run in folders beside it. */
function buildImage(target: string, app: string): void {
  const { copies, folders } = imageLayout(target);
  const stageDirs = new Map<string, string>([[BUILD_STAGE, ROOT]]);
  for (const stage of new Set(copies.flatMap((c) => (c.stage ? [c.stage] : [])))) {
    if (stageDirs.has(stage)) continue;
    stageDirs.set(stage, `${app}-${stage}`);
    runStage(stage, `${app}-${stage}`);
  }
  mkdirSync(app, { recursive: true });
  for (const copy of copies) {
    const from = path.join(copy.stage ? stageDirs.get(copy.stage)! : ROOT, copy.from);
    const to = path.join(app, copy.to);
    mkdirSync(path.dirname(to), { recursive: true });
    // An install stage's folder is thrown away after: its node_modules moves, symbolic links as they are.
    if (copy.stage && copy.stage !== BUILD_STAGE) renameSync(from, to);
    else cpSync(from, to, { recursive: true, verbatimSymlinks: true });
  }
  for (const folder of folders) mkdirSync(path.join(app, folder), { recursive: true });
}

/** Every package folder under `nodeModules`, nested ones included. */
function installedPackages(nodeModules: string): string[] {
  if (!existsSync(nodeModules)) return [];
  return readdirSync(nodeModules)
    .filter((entry) => !entry.startsWith('.'))
    .flatMap((entry) =>
      entry.startsWith('@')
        ? readdirSync(path.join(nodeModules, entry)).map((name) => path.join(nodeModules, entry, name))
        : [path.join(nodeModules, entry)],
    )
    .flatMap((dir) => [dir, ...installedPackages(path.join(dir, 'node_modules'))]);
}

/** The folder Node resolves package `name` to from `dir` (its node_modules, then each parent's, up to `root`), or null. */
function resolvePackage(name: string, dir: string, root: string): string | null {
  for (let at = dir; ; at = path.dirname(at)) {
    const candidate = path.join(at, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (at === root || !at.startsWith(root)) return null;
  }
}

/** The packages under `app/node_modules` that app/package.json's production dependencies need, transitively. */
function neededPackages(app: string): Set<string> {
  const needed = new Set<string>();
  const visit = (dir: string, manifest: Manifest) => {
    const names = Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies, ...manifest.peerDependencies });
    for (const name of names) {
      const found = resolvePackage(name, dir, app);
      if (!found || needed.has(found)) continue;
      needed.add(found);
      visit(found, readJson<Manifest>(path.join(found, 'package.json')));
    }
  };
  visit(app, readJson<Manifest>(path.join(app, 'package.json')));
  return needed;
}

test('the emulators are the workspace package the shop looks for, and all their dependencies are hoisted to the root node_modules', () => {
  expect(rootManifest).toMatchObject({ workspaces: ['emulators'] });
  expect(emulatorsManifest.name).toBe(EMULATORS_PACKAGE);
  expect(lock.packages[`node_modules/${EMULATORS_PACKAGE}`]).toEqual({ resolved: 'emulators', link: true });
  // dist/emulators/index.js resolves its packages from the root node_modules (the bundle is not
  // under emulators/): a version of its own there would not be found.
  expect(Object.keys(lock.packages).filter((key) => key.startsWith('emulators/node_modules/'))).toEqual([]);
});

const scratch = mkdtempSync(path.join(os.tmpdir(), 'gs-image-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("the production image (the Dockerfile's default target)", () => {
  const app = path.join(scratch, 'runtime');
  beforeAll(() => buildImage('runtime', app), 300_000);

  test('holds the shop alone: no emulators, no seed content, and no package its production dependencies do not need', () => {
    expect(['emulators', 'content', 'dist/emulators'].filter((entry) => existsSync(path.join(app, entry)))).toEqual([]);
    expect(existsSync(path.join(app, 'dist/server/index.js'))).toBe(true);
    const nodeModules = path.join(app, 'node_modules');
    const needed = neededPackages(app);
    expect(installedPackages(nodeModules).filter((dir) => !needed.has(dir))).toEqual([]);
    // What the emulators alone import is absent (date-fns stays: react-day-picker, the shop's calendar, needs it).
    const emulatorOnly = Object.keys(emulatorsManifest.dependencies ?? {}).filter((name) => !rootManifest.dependencies?.[name]);
    expect(emulatorOnly).toEqual(expect.arrayContaining(['@graphql-tools/schema', 'date-fns-tz', 'groq-js', 'oidc-provider', 'sharp']));
    expect(emulatorOnly.filter((name) => existsSync(path.join(nodeModules, name)))).toEqual(['date-fns']);
    expect(existsSync(path.join(nodeModules, EMULATORS_PACKAGE))).toBe(false);
  });

  test('serves the home page in live mode against emulators another process runs', async () => {
    const [port, ...ports] = await freePorts(6);
    const siteUrl = `http://127.0.0.1:${port}`;
    const emulators = await startEmulatorProcess({
      ports: { storefront: ports[0], content: ports[1], scheduler: ports[2], marketing: ports[3], customerAccount: ports[4] },
      dataDir: path.join(scratch, 'emulator-data'),
      shopUrl: siteUrl,
    });
    try {
      const env = liveShopEnv(emulators.connection, { siteUrl, redisUrl: null, outboxDir: path.join(scratch, 'outbox') });
      const shop = await startShopInstance(port, { ...env, SHOP_MODE: 'live' }, { root: app });
      try {
        const home = await fetch(`${shop.url}/`);
        expect(home.status).toBe(200);
        const html = await home.text();
        expect(html).toContain('Gramercy Stems');
        expect(html).toMatch(/href="\/products\/[a-z-]+"/);
      } finally {
        await shop.stop();
      }
    } finally {
      await emulators.stop();
    }
  }, 120_000);

  test('asked for local mode, exits 1 with one line saying the emulators are not installed and what to run instead', () => {
    const run = spawnSync(process.execPath, [path.join(app, 'dist/server/index.js')], {
      cwd: app,
      env: { PATH: installEnv.PATH, NODE_ENV: 'production', SHOP_MODE: 'local', PORT: '0', DATA_DIR: path.join(scratch, 'local-data') },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`local mode needs the emulators, and this install has none (${EMULATORS_PACKAGE} is not in`);
    expect(lines[0]).toContain('SHOP_MODE=live');
  });
});

describe("the local image (the Dockerfile's local target, docker compose's)", () => {
  const app = path.join(scratch, 'local');
  beforeAll(() => buildImage('local', app), 300_000);

  test('starts its emulators from its own install and serves the home page in local mode', async () => {
    const port = await freePort();
    const ports = ['STOREFRONT', 'CONTENT', 'SCHEDULER', 'MARKETING', 'CUSTOMER_ACCOUNT'].map((name) => [`${name}_EMULATOR_PORT`, '0']);
    const shop = await startShopInstance(
      port,
      { NODE_ENV: 'production', SHOP_MODE: 'local', LOG_LEVEL: 'warn', DATA_DIR: path.join(app, '.data'), ...Object.fromEntries(ports) },
      { root: app },
    );
    try {
      const html = await (await fetch(`${shop.url}/`)).text();
      expect(html).toContain('Gramercy Stems');
      expect(html).toMatch(/\/__local\/(?:storefront|content)\//);
    } finally {
      await shop.stop();
    }
  }, 120_000);
});
