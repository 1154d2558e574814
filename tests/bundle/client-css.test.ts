/**
 * The browser build leaves no stylesheet that nothing links (esbuild.config.ts
 * `removeUnlinkedCss`, ADR-0029): built into a temporary folder as `npm run build` builds it and
 * served by the real app, every `.css` under `assets/` is one the server's HTML links (the entry's
 * stylesheet) or names for the calendar to load (`calendarCss` in the state block, from the
 * manifest's `lazyCss`), and each of those answers. A `.map`, `.gz` or `.br` copy is there only
 * beside a stylesheet that is.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { buildClient } from '../../esbuild.config';
import { startTestApp, type TestApp } from '../support/app';

// The client build alone takes half a minute on a busy machine.
jest.setTimeout(180_000);

let out: string;
let t: TestApp | undefined;
beforeAll(async () => {
  out = mkdtempSync(path.join(os.tmpdir(), 'gs-client-css-'));
  await buildClient(out);
  t = await startTestApp({ env: { CLIENT_DIST_DIR: out } });
});
afterAll(async () => {
  await t?.stop();
  rmSync(out, { recursive: true, force: true });
});

/** The stylesheets a product page's HTML links or names in its state block, as `/assets/…` URLs. */
async function stylesheetsOf(page: string): Promise<string[]> {
  const res = await request(t!.app).get(page);
  expect(res.status).toBe(200);
  const links = [...res.text.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]);
  const raw = /<script type="application\/json" id="__STATE__">([\s\S]*?)<\/script>/.exec(res.text)?.[1];
  const { config } = JSON.parse(raw!) as { config: { calendarCss: string | null } };
  return [...links, ...(config.calendarCss ? [config.calendarCss] : [])];
}

test('every .css in the build is linked by the HTML or named for the calendar, and each answers', async () => {
  const named = await stylesheetsOf('/products/bodega-bunch');
  // The entry's stylesheet and the calendar's, each once.
  expect(named).toHaveLength(2);
  expect(new Set(named).size).toBe(2);
  const files = readdirSync(path.join(out, 'assets'), { recursive: true, encoding: 'utf8' }).map((f) => f.split(path.sep).join('/'));
  const css = files.filter((f) => f.endsWith('.css')).map((f) => `/assets/${f}`);
  expect(css.sort()).toEqual([...named].sort());
  for (const href of named) {
    const res = await request(t!.app).get(href);
    expect(`${href} ${res.status} ${res.type}`).toBe(`${href} 200 text/css`);
  }
  // No source map or compressed copy of a stylesheet that was removed.
  const siblings = files.filter((f) => /\.css\.(map|gz|br|map\.gz|map\.br)$/.test(f)).map((f) => `/assets/${f.replace(/\.css\..*$/, '.css')}`);
  expect(siblings.length).toBeGreaterThan(0);
  expect([...new Set(siblings)].sort()).toEqual([...named].sort());
});
