/**
 * Builds both bundles (`npm run build` = `tsx esbuild.config.ts`):
 * - browser: client/entry.tsx → dist/client/assets/ (ESM, code splitting, minified, hashed
 *   names, sourcemaps, CSS bundled from client/styles/) plus dist/client/manifest.json
 *   `{ buildId, entry, css, lazyCss, preload, routeChunks }`, which the render handler reads to emit the entry module and CSS
 *   (`routeChunks` by route id: which page module each route loads is read from client/routes.tsx, `routePageModules`),
 *   and a brotli (`.br`) and gzip (`.gz`) copy of each asset, which server/http/precompressed.ts
 *   serves to browsers that accept them; and dist/client/metafile.json, both builds' esbuild
 *   metafiles merged (`{ inputs, outputs }`, paths relative to the repository; not served), which
 *   `npm run bench:first-load` reads to say what each first-load script holds;
 * - server: server/index.ts → dist/server/index.js (CommonJS for Node 24, dependencies left in
 *   node_modules);
 * - emulators: emulators/child.ts → dist/emulators/index.js, the process the server forks in
 *   local mode (ADR-0020), and emulators/content-lake/groq-worker.ts → dist/emulators/groq-worker.js,
 *   the content lake's query thread; same settings as the server's; and the Storefront emulator's
 *   GraphiQL page (emulators/storefront-api/graphiql/app.tsx → dist/emulators/graphiql/, the
 *   browser build's settings, with `manifest.json` naming its script and stylesheet).
 * The functions are exported so tests can build into a temporary folder, and the option builders
 * so `npm run dev` (scripts/dev.ts) rebuilds the same bundles incrementally; its build differs
 * only as `BuildMode.dev` says.
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { build, type BuildOptions, type Metafile, type Plugin } from 'esbuild';
import ts from 'typescript';
import { PRECOMPRESSED_EXTENSIONS } from './server/http/precompressed';
import type { ClientManifest } from './server/render/manifest';

const ROOT = __dirname;

/** Which sources to build, and for what. */
export type BuildMode = {
  /** The source tree (client/, server/, shared/, emulators/), absolute; default this repository. */
  root: string;
  /**
   * `npm run dev`'s build (scripts/dev.ts): React's development build (`process.env.NODE_ENV`
   * "development"), unminified, no precompressed copies, and the reload client
   * (client/runtime/dev-reload.ts) in the browser entry. Never what `npm run build` makes.
   */
  dev: boolean;
};

const PRODUCTION: BuildMode = { root: ROOT, dev: false };

/** The module a dev build adds to the browser entry (`BuildMode.dev`). */
const DEV_RELOAD_MODULE = 'client/runtime/dev-reload.ts';

/** Browser code must never pull these in (docs/architecture.md §4.5): route data comes from /__payload. */
const SERVER_ONLY_PACKAGES = ['@apollo/client', 'graphql', '@sanity/client', 'groq-js', 'ioredis', 'express'];
/**
 * What the browser builds share (client/start.tsx's app, client/entry.tsx, the emulator's GraphiQL).
 * `allowed`: server-only packages this build may bundle all the same (GraphiQL runs graphql-js in the browser).
 */
function browserOptions(assets: string, mode: BuildMode, allowed: readonly string[] = []) {
  const serverOnly = SERVER_ONLY_PACKAGES.filter((p) => !allowed.includes(p));
  return {
    absWorkingDir: mode.root,
    outdir: assets,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
    minify: !mode.dev,
    sourcemap: true,
    entryNames: '[name]-[hash]',
    chunkNames: 'chunks/[name]-[hash]',
    assetNames: 'media/[name]-[hash]',
    jsx: 'automatic',
    metafile: true,
    logLevel: 'warning',
    plugins: [
      {
        name: 'server-only-guard',
        setup(b) {
          const filter = new RegExp(`^(${serverOnly.map((p) => p.replace(/[/.]/g, '\\$&')).join('|')})(/|$)`);
          b.onResolve({ filter }, (args) => ({
            errors: [{ text: `${args.path} is server-only and must not reach the browser bundle (imported by ${args.importer})` }],
          }));
        },
      },
    ],
  } satisfies BuildOptions;
}

/**
 * The browser bundle's two passes into `outDir/assets`: `app`, the options of the app
 * (client/start.tsx, split into chunks), and `finish(appMeta)`, which builds the entry
 * (client/entry.tsx, one self-contained file with the stylesheet) knowing the start chunk's URL,
 * writes `outDir/manifest.json`, deletes the app's stylesheets nothing links (`removeUnlinkedCss`),
 * writes `outDir/metafile.json`, precompresses the assets (production) and returns the manifest. The entry imports no chunk, so it runs as soon as it arrives
 * (ADR-0022). Its options change with every start chunk hash, so it is built afresh each time;
 * `npm run dev` rebuilds the app incrementally (an esbuild context) and calls `finish` after each
 * rebuild.
 */
export function clientBuild(
  outDir: string,
  mode: BuildMode = PRODUCTION,
): { app: BuildOptions & { metafile: true }; finish(appMeta: Metafile): Promise<ClientManifest> } {
  const assets = path.join(outDir, 'assets');
  const nodeEnv = JSON.stringify(mode.dev ? 'development' : 'production');
  const options = browserOptions(assets, mode);
  return {
    app: {
      ...options,
      entryPoints: { start: START_MODULE },
      splitting: true,
      banner: { js: '//# allFunctionsCalledOnLoad' },
      plugins: [...options.plugins, lazyAfterStart(mode.root)],
      define: { 'process.env.NODE_ENV': nodeEnv },
    },
    async finish(appMeta) {
      const startChunk = Object.entries(appMeta.outputs).find(([file, o]) => o.entryPoint === START_MODULE && file.endsWith('.js'));
      if (!startChunk) throw new Error(`esbuild produced no output for ${START_MODULE}`);
      const publicPath = (file: string) => `/assets/${path.relative(assets, path.resolve(mode.root, file)).split(path.sep).join('/')}`;
      const entry = await build({
        ...options,
        entryPoints: { entry: ENTRY_MODULE },
        define: { 'process.env.NODE_ENV': nodeEnv, __APP_START_URL__: JSON.stringify(publicPath(startChunk[0])) },
        // The start chunk is already built: its URL stays an import of the page's origin.
        external: ['/assets/*'],
        ...(mode.dev ? { inject: [path.join(mode.root, DEV_RELOAD_MODULE)] } : {}),
      });
      const manifest = manifestFrom(entry.metafile, appMeta, publicPath, mode.root);
      await writeFile(path.join(outDir, 'manifest.json'), JSON.stringify(manifest, null, 2));
      const removed = await removeUnlinkedCss(appMeta, manifest, publicPath, mode.root);
      const metafile: Metafile = {
        inputs: { ...appMeta.inputs, ...entry.metafile.inputs },
        outputs: Object.fromEntries(Object.entries({ ...appMeta.outputs, ...entry.metafile.outputs }).filter(([file]) => !removed.has(file))),
      };
      await writeFile(path.join(outDir, 'metafile.json'), JSON.stringify(metafile));
      if (!mode.dev) await precompress(assets);
      return manifest;
    },
  };
}

/**
 * Build the browser bundle into `outDir/assets` (emptied first) and write `outDir/manifest.json`
 * (`clientBuild`'s two passes, once).
 */
export async function buildClient(outDir = path.join(ROOT, 'dist/client'), mode: BuildMode = PRODUCTION): Promise<ClientManifest> {
  await rm(outDir, { recursive: true, force: true });
  await mkdir(path.join(outDir, 'assets'), { recursive: true });
  const client = clientBuild(outDir, mode);
  const app = await build(client.app);
  return client.finish(app.metafile);
}

/**
 * Deletes the app build's stylesheets that nothing links, with their source maps, before they
 * are precompressed. esbuild gives every entry point the CSS of all it reaches, `import()` too,
 * and every lazy module reaches the start (`lazyAfterStart`) and through it the calendar's CSS:
 * the start and each lazy chunk got a copy. A page links only the entry's stylesheet (`css`) and
 * a lazy module's own (`lazyCss`), ADR-0029.
 * @returns the deleted outputs, as the metafile names them (relative to `root`)
 */
async function removeUnlinkedCss(
  appMeta: Metafile,
  manifest: ClientManifest,
  publicPath: (file: string) => string,
  root: string,
): Promise<Set<string>> {
  const linked = new Set([...manifest.css, ...Object.values(manifest.lazyCss)]);
  const unlinked = Object.keys(appMeta.outputs)
    .filter((file) => file.endsWith('.css') && !linked.has(publicPath(file)))
    .flatMap((file) => [file, `${file}.map`]);
  await Promise.all(unlinked.map((file) => rm(path.resolve(root, file), { force: true })));
  return new Set(unlinked);
}

/** Write `{file}.br` (quality 11) and `{file}.gz` (level 9) next to every compressible asset under `dir`. */
export async function precompress(dir: string): Promise<void> {
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
  const files = (await readdir(dir, { recursive: true })).filter((f) => PRECOMPRESSED_EXTENSIONS.includes(path.extname(f)));
  await Promise.all(
    files.map(async (file) => {
      const full = path.join(dir, file);
      const body = await readFile(full);
      const [br, gzipped] = await Promise.all([
        brotli(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }),
        gz(body, { level: 9 }),
      ]);
      await Promise.all([writeFile(`${full}.br`, br), writeFile(`${full}.gz`, gzipped)]);
    }),
  );
}

/** The namespace of lazyAfterStart's wrappers. */
const LAZY_NAMESPACE = 'lazy-after-start';

/**
 * Every module of ours (client/, shared/) the app imports lazily (`import()`: the pages, the
 * cart view, the calendar, the phone formatter…) is built behind a wrapper that imports the start module first
 * and re-exports the module's named exports (our lazy modules have no default export). The start
 * chunk is always loaded before any of them (client/entry.tsx, client/routes.tsx), so nothing
 * changes at run time. What changes is the split: esbuild puts each module into a chunk per set
 * of entry points that reach it, and a lazy module is an entry point; without the wrapper, every
 * module the start shares with some of the pages was a chunk of its own, about 20 small files on
 * a first visit and 6 KB gzip more than the same code in one file (ADR-0029). With it, all that
 * the start loads is one chunk, and the lazy chunks hold only what the start does not.
 */
function lazyAfterStart(root: string): Plugin {
  const ours = (file: string) => ['client', 'shared'].some((dir) => file.startsWith(path.join(root, dir) + path.sep));
  return {
    name: LAZY_NAMESPACE,
    setup(b) {
      b.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind !== 'dynamic-import' || args.pluginData === LAZY_NAMESPACE) return undefined;
        const resolved = await b.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: LAZY_NAMESPACE,
        });
        if (resolved.errors.length > 0 || !ours(resolved.path)) return undefined;
        return { path: resolved.path, namespace: LAZY_NAMESPACE };
      });
      b.onLoad({ filter: /.*/, namespace: LAZY_NAMESPACE }, (args) => ({
        contents: `import ${JSON.stringify(path.join(root, START_MODULE))};\nexport * from ${JSON.stringify(args.path)};\n`,
        resolveDir: path.dirname(args.path),
        loader: 'js',
      }));
    },
  };
}

/** A metafile entry point as the manifest names it: a lazy module's wrapper by the module's own path (relative to `root`). */
function entryModule(entryPoint: string, root: string): string {
  const prefix = `${LAZY_NAMESPACE}:`;
  return entryPoint.startsWith(prefix) ? path.relative(root, entryPoint.slice(prefix.length)).split(path.sep).join('/') : entryPoint;
}

/** The browser entry: the stylesheet and what starts the app after the first paint. */
const ENTRY_MODULE = 'client/entry.tsx';
/** The app: the module the entry imports once the page has painted. */
const START_MODULE = 'client/start.tsx';
/** React DOM's client, which the start imports with `import()` before hydrating: preloaded with it. */
const REACT_DOM_MODULE = 'client/lib/react-dom-client.ts';

/**
 * The manifest from the two builds' metafiles: the entry and its stylesheet from `entryMeta`;
 * from `appMeta`, the chunks to preload on every page (the start chunk, its static imports and React DOM's client, which it imports with `import()`)
 * and, per route with a lazily imported page, that page's chunks beyond those; per lazily
 * imported module (a page, the calendar), its stylesheet when it imports CSS. The app's own stylesheet is not linked: every rule it has is in the entry's
 * (client/styles/index.css) or a lazy module's.
 */
function manifestFrom(entryMeta: Metafile, appMeta: Metafile, publicPath: (file: string) => string, root: string): ClientManifest {
  const entry = Object.entries(entryMeta.outputs).find(([file, o]) => o.entryPoint === ENTRY_MODULE && file.endsWith('.js'));
  if (!entry) throw new Error(`esbuild produced no output for ${ENTRY_MODULE}`);
  const css = entry[1].cssBundle ? [publicPath(entry[1].cssBundle)] : [];
  const outputs = Object.entries(appMeta.outputs);
  const lazy = outputs.flatMap(([file, o]) =>
    o.entryPoint && o.entryPoint !== START_MODULE ? [{ file, module: entryModule(o.entryPoint, root), cssBundle: o.cssBundle }] : [],
  );
  const staticClosure = (file: string, seen = new Set<string>()): Set<string> => {
    for (const imported of appMeta.outputs[file]?.imports ?? []) {
      if (imported.kind !== 'import-statement' || seen.has(imported.path)) continue;
      seen.add(imported.path);
      staticClosure(imported.path, seen);
    }
    return seen;
  };
  const start = outputs.find(([file, o]) => o.entryPoint === START_MODULE && file.endsWith('.js'))!;
  const eager = new Set([start[0], ...staticClosure(start[0])]);
  // React DOM's client, which the start imports in a later task of its own (ADR-0029 decision 9),
  // is preloaded with the start, like its static imports.
  const reactDom = lazy.find((l) => l.module === REACT_DOM_MODULE && l.file.endsWith('.js'));
  if (!reactDom) throw new Error(`esbuild produced no output for ${REACT_DOM_MODULE}`);
  for (const file of [reactDom.file, ...staticClosure(reactDom.file)]) eager.add(file);
  const preload = [...eager].map(publicPath);
  // A dynamically imported module that imports CSS itself (the calendar) gets its own
  // stylesheet, which the code loading it links. esbuild gives every entry point the CSS of all
  // it reaches, through `import()` too, and each lazy module reaches the start (lazyAfterStart):
  // only the chunks a module adds to the start's count.
  const importsCss = (file: string) =>
    Object.keys(appMeta.outputs[file]?.inputs ?? {}).some((input) => appMeta.inputs[input]?.imports.some((i) => i.path.endsWith('.css')));
  const ownsCss = (file: string) => [file, ...staticClosure(file)].some((f) => !eager.has(f) && importsCss(f));
  const lazyCss = Object.fromEntries(lazy.flatMap((l) => (l.cssBundle && ownsCss(l.file) ? [[l.module, publicPath(l.cssBundle)] as const] : [])));
  const moduleChunks = new Map(
    lazy
      .filter((l) => l.file.endsWith('.js'))
      .map((l) => [l.module, [l.file, ...[...staticClosure(l.file)].filter((f) => !eager.has(f))].map(publicPath)] as const),
  );
  const routeChunks = Object.fromEntries(
    [...routePageModules(root)].map(([routeId, module]) => {
      const chunks = moduleChunks.get(module);
      if (!chunks) throw new Error(`route ${routeId}: esbuild produced no chunk for its page ${module}`);
      return [routeId, chunks] as const;
    }),
  );
  const buildId = createHash('sha256')
    .update([...Object.keys(entryMeta.outputs), ...Object.keys(appMeta.outputs)].sort().join('\n'))
    .digest('hex')
    .slice(0, 12);
  return { buildId, entry: publicPath(entry[0]), css, lazyCss, preload, routeChunks };
}

/** The route table: the one file whose page routes name their lazily imported modules. */
const ROUTES_MODULE = 'client/routes.tsx';

/**
 * Route id → the source path of the page module the route imports lazily
 * (`client/pages/ProductPage.tsx`), read from the route table's source (TypeScript's parser, no
 * evaluation): every object literal with an `id` (a string, or a const naming one) and an
 * `import('…')` among its own properties (not its `children`'s). So the module path is written
 * only in the `import()`, which esbuild also splits on; the manifest keys the page chunks by
 * route id (`manifestFrom`), which is what the render handler has for a matched route.
 * @throws when a route's id cannot be read, or two routes claim one id
 */
export function routePageModules(root: string): Map<string, string> {
  const file = path.join(root, ROUTES_MODULE);
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const consts = new Map<string, ts.Expression>();
  const unwrap = (node: ts.Expression): ts.Expression =>
    ts.isSatisfiesExpression(node) || ts.isAsExpression(node) || ts.isParenthesizedExpression(node) ? unwrap(node.expression) : node;
  const text = (node: ts.Expression): string | null => {
    const value = unwrap(node);
    if (ts.isStringLiteralLike(value)) return value.text;
    const named = ts.isIdentifier(value) ? consts.get(value.text) : undefined;
    return named ? text(named) : null;
  };
  const collectConsts = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) consts.set(node.name.text, node.initializer);
    ts.forEachChild(node, collectConsts);
  };
  collectConsts(source);
  /** The first `import('…')` specifier under `node`, not looking into nested route objects. */
  const importIn = (node: ts.Node): string | null => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      return arg && ts.isStringLiteralLike(arg) ? arg.text : null;
    }
    if (ts.isObjectLiteralExpression(node) && idOf(node) !== undefined) return null;
    return ts.forEachChild(node, (child) => importIn(child) ?? undefined) ?? null;
  };
  const propertyOf = (node: ts.ObjectLiteralExpression, name: string) =>
    node.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === name);
  const idOf = (node: ts.ObjectLiteralExpression) => propertyOf(node, 'id')?.initializer;
  const modules = new Map<string, string>();
  const visit = (node: ts.Node): void => {
    if (ts.isObjectLiteralExpression(node)) {
      const idNode = idOf(node);
      const specifier = idNode
        ? (node.properties
            .filter((p) => !(ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === 'children'))
            .map((p) => (ts.isPropertyAssignment(p) ? importIn(p.initializer) : null))
            .find((s) => s !== null) ?? null)
        : null;
      if (idNode && specifier) {
        const id = text(idNode);
        if (id === null) throw new Error(`${ROUTES_MODULE}: a route importing ${specifier} has an id that is not a string`);
        if (modules.has(id)) throw new Error(`${ROUTES_MODULE}: two routes with the id ${id}`);
        const base = path.resolve(path.dirname(file), specifier);
        const found = ['', '.tsx', '.ts'].map((ext) => base + ext).find((f) => existsSync(f) && path.extname(f) !== '');
        if (!found) throw new Error(`${ROUTES_MODULE}: route ${id} imports ${specifier}, which is not a file`);
        modules.set(id, path.relative(root, found).split(path.sep).join('/'));
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return modules;
}

/** The options of the Node server bundle `outFile` (dist/server/index.js). */
export function serverBuildOptions(outFile: string, mode: BuildMode = PRODUCTION): BuildOptions {
  return nodeOptions(mode, { entryPoints: ['server/index.ts'], outfile: outFile });
}

/** Build the Node server bundle dist/server/index.js. */
export async function buildServer(outFile = path.join(ROOT, 'dist/server/index.js'), mode: BuildMode = PRODUCTION): Promise<void> {
  await build(serverBuildOptions(outFile, mode));
}

/**
 * Build the emulators' process dist/emulators/index.js, its GROQ worker dist/emulators/groq-worker.js
 * and the Storefront emulator's GraphiQL (`buildGraphiql`) into dist/emulators/graphiql/.
 */
export async function buildEmulators(outDir = path.join(ROOT, 'dist/emulators'), mode: BuildMode = PRODUCTION): Promise<void> {
  await Promise.all([buildEmulatorProcess(outDir, mode), buildGraphiql(path.join(outDir, 'graphiql'), mode)]);
}

/** Build the emulators' process `outDir/index.js` and its GROQ worker `outDir/groq-worker.js` (what the shop forks). */
export async function buildEmulatorProcess(outDir: string, mode: BuildMode = PRODUCTION): Promise<void> {
  await build(
    nodeOptions(mode, { entryPoints: { index: 'emulators/child.ts', 'groq-worker': 'emulators/content-lake/groq-worker.ts' }, outdir: outDir }),
  );
}

/** The GraphiQL page's browser module. */
const GRAPHIQL_MODULE = 'emulators/storefront-api/graphiql/app.tsx';

/**
 * What the Storefront emulator's GraphiQL page loads (emulators/storefront-api/graphiql/routes.ts
 * reads it from `{outDir}/manifest.json`): its module and stylesheet, file names in `{outDir}/assets`.
 */
export type GraphiqlManifest = { script: string; css: string };

/**
 * Build GraphiQL (the `graphiql` package, its Monaco editor and fonts) into `outDir/assets`, offline
 * and served from the emulator's own origin, in two passes: Monaco's three workers (the editor's, JSON's
 * and GraphQL's, of the monaco-editor and monaco-graphql that @graphiql/react depends on), classic
 * scripts so that every browser of the build's targets starts them; then the page's module, which
 * knows their file names (`__GRAPHIQL_WORKERS__`). Writes `outDir/manifest.json` (`GraphiqlManifest`).
 */
export async function buildGraphiql(outDir: string, mode: BuildMode = PRODUCTION): Promise<GraphiqlManifest> {
  const assets = path.join(outDir, 'assets');
  await rm(outDir, { recursive: true, force: true });
  await mkdir(assets, { recursive: true });
  // No source maps: a developer tool made of other projects' code, four times its size with them.
  // Minified even in a dev build: nobody debugs GraphiQL here.
  const options = {
    ...browserOptions(assets, { root: mode.root, dev: false }, ['graphql']),
    sourcemap: false,
    define: { 'process.env.NODE_ENV': '"production"' },
  };
  // The Monaco packages graphiql's editor (@graphiql/react) resolves, whatever the hoisting.
  const fromEditor = createRequire(createRequire(require.resolve('graphiql/package.json')).resolve('@graphiql/react/package.json'));
  const inPackage = (name: string, file: string) => path.join(path.dirname(fromEditor.resolve(`${name}/package.json`)), file);
  const workerModules = {
    editor: inPackage('monaco-editor', 'esm/vs/editor/editor.worker.js'),
    json: inPackage('monaco-editor', 'esm/vs/language/json/json.worker.js'),
    graphql: inPackage('monaco-graphql', 'esm/graphql.worker.js'),
  };
  const workers = await build({
    ...options,
    entryPoints: Object.fromEntries(Object.entries(workerModules).map(([label, file]) => [`${label}.worker`, file])),
    format: 'iife',
  });
  /** The file `entry` became (its JS) or its stylesheet (`css`), relative to `assets`. */
  const outputOf = (metafile: Metafile, entry: string, css = false) => {
    const found = Object.entries(metafile.outputs).find(
      ([file, o]) => o.entryPoint && path.resolve(mode.root, o.entryPoint) === path.resolve(mode.root, entry) && file.endsWith('.js'),
    );
    const file = css ? found?.[1].cssBundle : found?.[0];
    if (!file) throw new Error(`esbuild produced no ${css ? 'stylesheet' : 'module'} for ${entry}`);
    return path.relative(assets, path.resolve(mode.root, file)).split(path.sep).join('/');
  };
  const workerFiles = Object.fromEntries(Object.entries(workerModules).map(([label, file]) => [label, outputOf(workers.metafile, file)]));
  const app = await build({
    ...options,
    entryPoints: { graphiql: GRAPHIQL_MODULE },
    splitting: true,
    // Monaco's icon font (codicon.ttf); GraphiQL's own fonts are data: URLs in its stylesheets.
    loader: { '.ttf': 'file' },
    define: { ...options.define, __GRAPHIQL_WORKERS__: JSON.stringify(workerFiles) },
  });
  const manifest: GraphiqlManifest = { script: outputOf(app.metafile, GRAPHIQL_MODULE), css: outputOf(app.metafile, GRAPHIQL_MODULE, true) };
  await writeFile(path.join(outDir, 'manifest.json'), JSON.stringify(manifest, null, 2));
  return manifest;
}

function nodeOptions(mode: BuildMode, entry: { entryPoints: string[] | Record<string, string>; outfile?: string; outdir?: string }): BuildOptions {
  return {
    absWorkingDir: mode.root,
    ...entry,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    // Node 24 LTS (engines, .nvmrc, Dockerfile). Keeps import attributes (`with { type: 'json' }`),
    // which a plain `node20` target silently dropped (ADR-0010).
    target: 'node24',
    packages: 'external',
    jsx: 'automatic',
    sourcemap: true,
    logLevel: 'warning',
  };
}

if (require.main === module) {
  Promise.all([buildClient(), buildServer(), buildEmulators()])
    .then(([manifest]) => console.log(`built ${manifest.entry} (${manifest.buildId})`))
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
