/**
 * `npm run dev` (`tsx scripts/dev.ts [--root <dir>]`): the development loop (ADR-0031, README
 * "Develop"). Not for production: React's development build, unminified bundles, no precompressed
 * assets, and a proxy of its own in front of the shop.
 *
 * 1. Builds the emulators once (into `<root>/dist/emulators`) and starts them in their child
 *    process as `npm start` does (server/local-emulators.ts, ADR-0020). They stay up, with their
 *    carts, orders and mail, while the shop restarts; a change under emulators/ or content/ needs
 *    a new `npm run dev`.
 * 2. Builds the browser and server bundles into `<root>/dist` with esbuild contexts over
 *    esbuild.config.ts's options in `BuildMode.dev` (React's development build, for its hydration
 *    diffs and component stacks; source maps; the reload client in the browser entry).
 * 3. Runs the shop, `<root>/dist/server/index.js` with NODE_ENV=development, on a private loopback
 *    port (through ./dev-shop.cjs, which loads the bundle's packages while the emulators start or
 *    the previous shop stops), handing it the running emulators (`LOCAL_UPSTREAMS`), and serves it on
 *    http://localhost:PORT (127.0.0.1 only) through a proxy that also answers the reload stream
 *    (shared/dev-reload.ts). Requests that arrive while the shop restarts wait for the new one.
 * 4. Watches client/, server/ and shared/: on a change it rebuilds incrementally and, when the
 *    server bundle or the browser build changed, restarts the shop (the manifest and the server
 *    code are read at start), then sends `reload` to every open page.
 *
 * Environment: the shop's own (server/config.ts; PORT default 3000, REDIS_URL optional, DATA_DIR…)
 * and the emulators' (emulators/env.ts), as for `npm start`; PAGE_CACHE defaults to `off` here,
 * so a page always shows the code just saved. `--root` builds and watches another copy of the
 * sources (tests/dev/dev-loop.test.ts runs one in a temporary folder). Ctrl-C stops everything.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, statSync, watch, type FSWatcher } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { context } from 'esbuild';
import { buildEmulatorProcess, buildGraphiql, clientBuild, serverBuildOptions, type BuildMode } from '../esbuild.config';
import { detectMode, portFrom, siteUrlFrom } from '../server/config';
import { localGraphiqlUrl } from '../server/http/local-proxy';
import { emulatorEnvironment, LOCAL_UPSTREAMS_VARIABLE, startLocalEmulators, type LocalEmulators } from '../server/local-emulators';
import { localDeveloperUrl } from '../server/routes/local-developer';
import { DEV_RELOAD_EVENTS, DEV_RELOAD_PATH } from '../shared/dev-reload';

/** The shop's process: loads the bundle's packages while the emulators start, then runs the bundle. */
const SHOP_LAUNCHER = path.join(__dirname, 'dev-shop.cjs');
/** The source folders whose changes rebuild the shop (the emulators and content are built once). */
const WATCHED = ['client', 'server', 'shared'];
/** Quiet time after a file event before rebuilding: an editor's save is several events. */
const DEBOUNCE_MS = 40;
/** How long the shop may take to listen after it is started. */
const SHOP_START_TIMEOUT_MS = 30_000;
/** How long a stopping shop may take before SIGKILL (its own drain is shorter: server/http/shutdown.ts). */
const SHOP_STOP_TIMEOUT_MS = 12_000;

const log = (message: string) => process.stdout.write(`[dev] ${message}\n`);
const since = (start: number) => `${((Date.now() - start) / 1000).toFixed(1)} s`;

/** A free TCP port on loopback (bound, then released). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Resolves true once `port` accepts a connection on loopback, false if `child` exits first or after the timeout. */
async function listening(port: number, child: ChildProcess): Promise<boolean> {
  const deadline = Date.now() + SHOP_START_TIMEOUT_MS;
  while (child.exitCode === null && child.signalCode === null && Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

/** Editors' own files (swap, backup), which no build reads. */
const EDITOR_FILE = /(^\.|~$|\.sw[a-p]$)/;

/**
 * Watches every folder under `dir`, and folders created there later; `onChange` gets each file
 * or folder that changed. Folders, not files, are watched (inotify): an editor that saves by
 * writing a new file and renaming it over the old one (vim, sed -i, many IDEs) is seen every
 * time, which Node's recursive watch on Linux misses after the first such save.
 */
function watchTree(dir: string, onChange: (file: string) => void): { close(): void } {
  const watchers = new Map<string, FSWatcher>();
  const add = (folder: string) => {
    if (watchers.has(folder)) return;
    try {
      const watcher = watch(folder, (_event, name) => {
        if (!name || EDITOR_FILE.test(path.basename(name))) return;
        const file = path.join(folder, name);
        if (!watchers.has(file) && existsSync(file) && statSync(file).isDirectory()) addTree(file);
        onChange(file);
      });
      // The folder is gone (deleted or moved away): its parent reports that change.
      watcher.on('error', () => {
        watcher.close();
        watchers.delete(folder);
      });
      watchers.set(folder, watcher);
    } catch {
      // Removed between listing and watching.
    }
  };
  const addTree = (folder: string) => {
    add(folder);
    for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
      if (entry.isDirectory()) add(path.join(entry.parentPath, entry.name));
    }
  };
  addTree(dir);
  return {
    close() {
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
    },
  };
}

/** One run of the shop's server bundle. */
type Shop = { child: ChildProcess; port: number; agent: http.Agent; exited: Promise<void> };

/** The Server-Sent Events stream of `DEV_RELOAD_PATH`: every open page, and what to tell them. */
function reloadStream() {
  const clients = new Set<ServerResponse>();
  return {
    open(req: IncomingMessage, res: ServerResponse) {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
      // Reconnect soon after the dev server comes back (the browser's default is about 3 s).
      res.write('retry: 500\n\n');
      clients.add(res);
      req.once('close', () => clients.delete(res));
    },
    send(event: string, data: string) {
      const frame = `event: ${event}\n${data
        .split('\n')
        .map((line) => `data: ${line}\n`)
        .join('')}\n`;
      for (const res of clients) res.write(frame);
    },
    close() {
      for (const res of clients) res.end();
      clients.clear();
    },
  };
}

async function main(): Promise<void> {
  const started = Date.now();
  const { values: args } = parseArgs({ options: { root: { type: 'string' } } });
  const root = path.resolve(args.root ?? path.join(__dirname, '..'));
  const mode: BuildMode = { root, dev: true };
  const env: NodeJS.ProcessEnv = { PAGE_CACHE: 'off', ...process.env };
  // Validates the shop's variables before anything starts; the public origin is this proxy's.
  const siteUrl = siteUrlFrom(env);
  const publicPort = portFrom(env);
  // Live mode (upstream variables set) runs against them, as `npm start` would: no emulators.
  const local = detectMode(env) === 'local';
  const dist = path.join(root, 'dist');
  const clientDir = path.join(dist, 'client');
  const serverEntry = path.join(dist, 'server', 'index.js');

  let stopping = false;
  let shop: Shop | null = null;
  // The shop requests go to; 'starting' while one (re)starts, and requests wait in `waiting`.
  let serving: Shop | null | 'starting' = 'starting';
  const waiting: ((target: Shop | null) => void)[] = [];
  const serve = (target: Shop | null) => {
    serving = target;
    for (const resume of waiting.splice(0)) resume(target);
  };
  let emulators: LocalEmulators | null = null;
  const reload = reloadStream();

  const forward = (req: IncomingMessage, res: ServerResponse, target: Shop | null) => {
    if (!target) {
      res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('npm run dev: the shop is not running (see the terminal); save a file to rebuild and restart it.\n');
      return;
    }
    const upstream = http.request(
      { host: '127.0.0.1', port: target.port, method: req.method, path: req.url, headers: req.headers, agent: target.agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.rawHeaders);
        answer.pipe(res);
      },
    );
    upstream.once('error', (err) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`npm run dev: the shop did not answer (${err.message})\n`);
    });
    res.once('close', () => upstream.destroy());
    req.pipe(upstream);
  };
  const proxy = http.createServer((req, res) => {
    if (req.method === 'GET' && req.url?.split('?')[0] === DEV_RELOAD_PATH) return reload.open(req, res);
    if (serving === 'starting') waiting.push((target) => forward(req, res, target));
    else forward(req, res, serving);
  });
  await new Promise<void>((resolve, reject) => {
    proxy.once('error', reject);
    proxy.listen(publicPort, '127.0.0.1', resolve);
  });

  const stopShop = async () => {
    const old = shop;
    shop = null;
    if (!old) return;
    old.agent.destroy();
    old.child.kill('SIGTERM');
    const kill = setTimeout(() => old.child.kill('SIGKILL'), SHOP_STOP_TIMEOUT_MS);
    await old.exited;
    clearTimeout(kill);
  };

  /**
   * Forks the next shop's process, which loads the bundle's packages at once; `run()` hands it
   * the emulators when they are up, starts the bundle and resolves once it listens (null if it
   * failed). Forked before the old shop stops, so the loading overlaps the old one's shutdown.
   */
  const launchShop = async () => {
    const port = await freePort();
    const child = fork(SHOP_LAUNCHER, [serverEntry], {
      cwd: root,
      execArgv: ['--enable-source-maps'],
      stdio: 'inherit',
      env: {
        ...env,
        // The bundles are React's development build (BuildMode.dev); the server must match the browser.
        NODE_ENV: 'development',
        PORT: String(port),
        SITE_URL: siteUrl,
      },
    });
    child.send({ type: 'warm', packages: serverPackages });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const next: Shop = { child, port, agent: new http.Agent({ keepAlive: true }), exited };
    child.once('exit', (code, signal) => {
      if (shop !== next || stopping) return;
      shop = null;
      if (serving === next) serve(null);
      log(`the shop exited (${signal ?? `code ${code}`}); save a file to rebuild and restart it`);
    });
    const run = async (): Promise<Shop | null> => {
      shop = next;
      const owned = await emulatorsUp;
      const extra = owned ? { [LOCAL_UPSTREAMS_VARIABLE]: JSON.stringify(owned.upstreams) } : {};
      if (child.connected) child.send({ type: 'start', env: extra });
      if (await listening(port, child)) return next;
      if (shop === next) await stopShop();
      log('the shop did not start (its output is above); save a file to rebuild and restart it');
      return null;
    };
    return { run };
  };

  const restartShop = async () => {
    serving = 'starting';
    const next = await launchShop();
    await stopShop();
    const started = await next.run();
    serve(started);
    return started;
  };

  // Set once the builds exist; Ctrl-C before then stops what has started.
  let contexts: { dispose(): Promise<void> }[] = [];
  let watchers: { close(): void }[] = [];
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    clearTimeout(timer);
    for (const w of watchers) w.close();
    reload.close();
    proxy.close();
    proxy.closeAllConnections();
    serve(null);
    await running;
    await stopShop();
    await emulators?.stop();
    await Promise.all(contexts.map((c) => c.dispose()));
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));

  // The emulators start while the browser and server bundles build (the shop needs both).
  const startEmulators = async (): Promise<LocalEmulators | null> => {
    if (!local) return null;
    await buildEmulatorProcess(path.join(dist, 'emulators'), mode);
    emulators = await startLocalEmulators(emulatorEnvironment(env), {
      entry: path.join(dist, 'emulators', 'index.js'),
      onExit: (code, signal) => {
        log(`the emulators' process exited (${signal ?? `code ${code}`}); stopping`);
        void stop(1);
      },
    });
    return emulators;
  };
  const emulatorsUp = startEmulators();
  emulatorsUp.catch((err: unknown) => {
    process.stderr.write(`npm run dev: ${err instanceof Error ? err.message : String(err)}\n`);
    void stop(1);
  });
  await rm(clientDir, { recursive: true, force: true });
  await mkdir(path.join(clientDir, 'assets'), { recursive: true });
  const client = clientBuild(clientDir, mode);
  const [clientContext, serverContext] = await Promise.all([
    context(client.app),
    context({ ...serverBuildOptions(serverEntry, mode), metafile: true }),
  ]);
  contexts = [clientContext, serverContext];

  let last = { serverHash: '', buildId: '' };
  // The packages the server bundle requires (its metafile's external imports), for the shop's process to load early.
  let serverPackages: string[] = [];
  /** Rebuilds both bundles; resolves true when either changed. @throws esbuild's failure */
  const rebuild = async (): Promise<boolean> => {
    // Both settle before a failure is thrown: a context must not be rebuilt while it still builds.
    const [app, server] = await Promise.allSettled([clientContext.rebuild(), serverContext.rebuild()]);
    if (app.status === 'rejected') throw app.reason;
    if (server.status === 'rejected') throw server.reason;
    serverPackages = Object.values(server.value.metafile.outputs).flatMap((o) => o.imports.filter((i) => i.external).map((i) => i.path));
    const manifest = await client.finish(app.value.metafile);
    const serverHash = createHash('sha256')
      .update(await readFile(serverEntry))
      .digest('hex');
    const changed = serverHash !== last.serverHash || manifest.buildId !== last.buildId;
    last = { serverHash, buildId: manifest.buildId };
    return changed;
  };

  // Rebuilds run one at a time; changes during one make one more. The first is the start.
  let dirty = true;
  let first = true;
  // The files changed since the last rebuild began, for its log line.
  const edited = new Set<string>();
  const cycle = async () => {
    while (dirty && !stopping) {
      dirty = false;
      const start = first ? started : Date.now();
      // Files that still exist: not an editor's temporary file renamed over the source.
      const files =
        [...edited]
          .filter((file) => existsSync(file))
          .map((file) => path.relative(root, file))
          .join(', ') || 'a file';
      edited.clear();
      try {
        if (!(await rebuild()) && shop) {
          log(`${files}: rebuilt in ${since(start)}, no output changed`);
          continue;
        }
      } catch (err) {
        // esbuild has printed the errors; the shop keeps serving the last good build.
        log(`rebuild failed; ${shop ? 'still serving the last build' : 'save a file to try again'}`);
        reload.send(DEV_RELOAD_EVENTS.buildError, err instanceof Error ? err.message : String(err));
        if (first) serve(null);
        continue;
      }
      if (stopping) return;
      const next = await restartShop();
      if (!next || stopping) continue;
      if (first) {
        first = false;
        log(`shop ready in ${since(start)} on ${siteUrl} (${emulators ? `emulators pid ${emulators.pid}` : 'live mode'})`);
        if (emulators) {
          // What the shop's own second line says (server/index.ts), where a developer looks first.
          const { publicToken, privateToken } = emulators.upstreams.storefront;
          log(`developer page ${localDeveloperUrl(siteUrl)}, GraphiQL ${localGraphiqlUrl(siteUrl)}`);
          log(`Storefront API public token ${publicToken}, private token ${privateToken}; emulators' debug token ${emulators.debugToken}`);
          // GraphiQL is built after the first page (it is large and the emulator reads its manifest per request).
          const graphiqlStart = Date.now();
          buildGraphiql(path.join(dist, 'emulators', 'graphiql'), mode).then(
            () => log(`GraphiQL built in ${since(graphiqlStart)}`),
            (err: unknown) => log(`GraphiQL did not build: ${err instanceof Error ? err.message : String(err)}`),
          );
        }
        log(`watching ${WATCHED.map((d) => `${d}/`).join(', ')}: a saved change rebuilds, restarts the shop and reloads open pages; Ctrl-C stops`);
      } else {
        reload.send(DEV_RELOAD_EVENTS.reload, last.buildId);
        log(`${files}: rebuilt and restarted in ${since(start)}; open pages reload`);
      }
    }
  };
  running = cycle().finally(() => (running = null));
  const changed = (file: string) => {
    edited.add(file);
    clearTimeout(timer);
    timer = setTimeout(() => {
      dirty = true;
      running ??= cycle().finally(() => (running = null));
    }, DEBOUNCE_MS);
  };
  watchers = WATCHED.map((dir) => watchTree(path.join(root, dir), changed));
}

main().catch((err) => {
  process.stderr.write(`npm run dev: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
