/**
 * `npm run dev` (scripts/dev.ts, ADR-0031) as a developer uses it, on a copy of the sources in a
 * temporary folder (`--root`), on free ports with its own data folder: the first page answers;
 * each saved component change (saved as editors do, by renaming a new file over the old one) is
 * served after the rebuild while the emulators stay up, an open reload stream gets `reload` and
 * an open page in Chromium loads again by itself; Ctrl-C stops
 * the shop and the emulators. And the production build (`npm run build`'s functions) carries no
 * trace of the reload client, which the dev build does.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { chromium as playwright } from 'playwright-core';
import { buildClient, buildServer } from '../../esbuild.config';
import { DEV_RELOAD_EVENTS, DEV_RELOAD_PATH } from '../../shared/dev-reload';
import { CHROMIUM_ARGS, CHROMIUM_PATH, serviceAvailable } from '../support/services';
import { alive, freePort, until } from '../support/shop-process';

jest.setTimeout(120_000);

const ROOT = path.resolve(__dirname, '../..');
/** What the copy needs: the sources, the seed content, and the files the bundles import or read. */
const COPIED = ['client', 'server', 'shared', 'emulators', 'content', 'package.json', 'tsconfig.json'];
const FOOTER = 'client/components/Footer.tsx';
/** The footer's legal line in the component's JSX (its text is on every page); not the docstring's mention of it. */
const LEGAL_LINE = /^(\s*© \{year\} \{siteTitle\})$/m;
const withChromium = serviceAvailable('chromium');

/** Every `.js` file under `dir`, as text. */
function scripts(dir: string): string[] {
  return (readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith('.js')).map((f) => readFileSync(path.join(dir, f), 'utf8'));
}

/** An open reload stream: the events received so far. */
function openReloadStream(origin: string): Promise<{ events: { event: string; data: string }[]; close(): void }> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${origin}${DEV_RELOAD_PATH}`, (res) => {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/event-stream');
      const events: { event: string; data: string }[] = [];
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end).split('\n');
          buffer = buffer.slice(end + 2);
          const event = frame.find((l) => l.startsWith('event: '))?.slice(7);
          if (event)
            events.push({
              event,
              data: frame
                .filter((l) => l.startsWith('data: '))
                .map((l) => l.slice(6))
                .join('\n'),
            });
        }
      });
      resolve({ events, close: () => req.destroy() });
    });
    req.once('error', reject);
  });
}

let copy: string;
let runner: ChildProcess;
let exited: Promise<number | null>;
const lines: string[] = [];
let origin: string;

beforeAll(async () => {
  copy = mkdtempSync(path.join(os.tmpdir(), 'gs-dev-'));
  for (const name of COPIED) cpSync(path.join(ROOT, name), path.join(copy, name), { recursive: true });
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(copy, 'node_modules'));
  const port = await freePort();
  origin = `http://localhost:${port}`;
  // Its own process group, as a terminal's foreground job: Ctrl-C reaches every process in it.
  runner = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['scripts/dev.ts', '--root', copy], {
    cwd: ROOT,
    detached: true,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      STOREFRONT_EMULATOR_PORT: '0',
      CONTENT_EMULATOR_PORT: '0',
      SCHEDULER_EMULATOR_PORT: '0',
      MARKETING_EMULATOR_PORT: '0',
      CUSTOMER_ACCOUNT_EMULATOR_PORT: '0',
      DATA_DIR: path.join(copy, '.data'),
    },
  });
  // Whole lines only: a long JSON log line may arrive in several chunks.
  const collect = () => {
    let rest = '';
    return (chunk: Buffer) => {
      const parts = (rest + chunk.toString()).split('\n');
      rest = parts.pop() ?? '';
      lines.push(...parts.filter(Boolean));
    };
  };
  runner.stdout?.on('data', collect());
  runner.stderr?.on('data', collect());
  exited = new Promise((resolve) => runner.once('exit', resolve));
  await until(() => (lines.some((l) => l.startsWith('[dev] shop ready')) ? true : undefined), 'npm run dev to be ready', 90_000).catch(
    (err: Error) => {
      throw new Error(`${err.message}\n${lines.join('\n')}`);
    },
  );
}, 120_000);

afterAll(async () => {
  if (runner?.exitCode === null) {
    process.kill(-runner.pid!, 'SIGKILL');
    await exited;
  }
  rmSync(copy, { recursive: true, force: true });
});

/** The shop's "listening" log lines so far (one per start), parsed. */
const listeningLines = () =>
  lines.filter((l) => l.includes('"storefront listening')).map((l) => JSON.parse(l) as { nodeEnv: string; emulators: Record<string, string> });

test('the first page answers on PORT, rendered by React’s development build against the emulators', async () => {
  const res = await fetch(`${origin}/`);
  expect(res.status).toBe(200);
  expect(await res.text()).toContain('</html>');
  const [first] = listeningLines();
  expect(first.nodeEnv).toBe('development');
  expect(first.emulators['storefront-api']).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
});

test('each saved component change is served after the rebuild, open pages reload, and the emulators stay up', async () => {
  const stream = await openReloadStream(origin);
  const browser = withChromium ? await playwright.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS }) : null;
  try {
    const page = await browser?.newPage();
    await page?.goto(`${origin}/`, { waitUntil: 'load' });
    const source = readFileSync(path.join(copy, FOOTER), 'utf8');
    expect(source).toMatch(LEGAL_LINE);
    // Saved twice as many editors save: a new file renamed over the old one.
    for (const save of [1, 2]) {
      const marker = `Edited in the dev loop, save ${save}`;
      expect(await page?.locator('.site-footer__legal').innerText()).not.toContain(marker);
      const reloads = stream.events.filter((e) => e.event === DEV_RELOAD_EVENTS.reload).length;
      writeFileSync(path.join(copy, `${FOOTER}.tmp`), source.replace(LEGAL_LINE, `$1 ${marker}`));
      renameSync(path.join(copy, `${FOOTER}.tmp`), path.join(copy, FOOTER));

      await until(
        () => (stream.events.filter((e) => e.event === DEV_RELOAD_EVENTS.reload).length > reloads ? true : undefined),
        'a reload event',
        60_000,
      );
      expect(await (await fetch(`${origin}/`)).text()).toContain(marker);
      // The page in Chromium loaded again by itself (the reload client, under the shop's CSP).
      await page?.waitForFunction((text) => document.querySelector('.site-footer__legal')?.textContent?.includes(text), marker, { timeout: 30_000 });
    }

    // Three starts of the shop, one set of emulators.
    const starts = listeningLines();
    expect(starts).toHaveLength(3);
    for (const start of starts) expect(start.emulators).toEqual(starts[0].emulators);
  } finally {
    stream.close();
    await browser?.close();
  }
});

test('the shop refuses a LOCAL_UPSTREAMS that lacks an upstream, in one plain line', () => {
  const result = spawnSync(process.execPath, [path.join(copy, 'dist/server/index.js')], {
    env: { PATH: process.env.PATH ?? '', LOCAL_UPSTREAMS: '{"storefront":{}}', DATA_DIR: path.join(copy, '.data') },
    encoding: 'utf8',
    timeout: 30_000,
  });
  expect(result.status).toBe(1);
  expect(result.stderr.trim()).toMatch(/^LOCAL_UPSTREAMS lacks debugToken, content, scheduler, customerAccount, marketing/);
});

test('the production build has no trace of the reload client; the dev build has it', async () => {
  const dev = scripts(path.join(copy, 'dist/client/assets'));
  expect(dev.some((js) => js.includes(DEV_RELOAD_PATH))).toBe(true);
  const out = mkdtempSync(path.join(os.tmpdir(), 'gs-prod-'));
  try {
    await buildClient(path.join(out, 'client'));
    await buildServer(path.join(out, 'server/index.js'));
    const production = scripts(out);
    expect(production.length).toBeGreaterThan(2);
    for (const js of production) {
      expect(js).not.toContain(DEV_RELOAD_PATH);
      expect(js).not.toContain('EventSource');
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});

test('Ctrl-C stops the shop and the emulators, and npm run dev exits 0', async () => {
  const emulatorsPid = Number(/emulators pid (\d+)/.exec(lines.find((l) => l.startsWith('[dev] shop ready'))!)?.[1]);
  expect(alive(emulatorsPid)).toBe(true);
  process.kill(-runner.pid!, 'SIGINT');
  expect(await exited).toBe(0);
  await until(() => (alive(emulatorsPid) ? undefined : true), 'the emulators to stop', 15_000);
});
