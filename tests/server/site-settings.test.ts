/**
 * Spec §4 "site settings fetch": no settings document or a failing content lake gives an error
 * marker, which the root loader turns into `isError: true` (the shell then raises a 500); a
 * settings answer already cached keeps being served when the lake fails (stale-if-error).
 */
import { copyFileSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { DEFAULT_CONTENT_DIR } from '../../emulators/shared/server';
import { startTestApp } from './support/app';

/** The seed content without its siteSettings document. */
function contentWithoutSettings(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gs-content-'));
  const lines = readFileSync(path.join(DEFAULT_CONTENT_DIR, 'dataset.ndjson'), 'utf8').split('\n')
    .filter((line) => line.trim() && JSON.parse(line)._type !== 'siteSettings');
  writeFileSync(path.join(dir, 'dataset.ndjson'), `${lines.join('\n')}\n`);
  copyFileSync(path.join(DEFAULT_CONTENT_DIR, 'catalogue.json'), path.join(dir, 'catalogue.json'));
  symlinkSync(path.join(DEFAULT_CONTENT_DIR, 'images'), path.join(dir, 'images'));
  return dir;
}

test('no settings document → root isError, not cached by the CDN, page 500', async () => {
  const t = await startTestApp({ contentDir: contentWithoutSettings() });
  try {
    const res = await request(t.app).get('/__payload/root');
    expect(res.status).toBe(200);
    expect(res.body.isError).toBe(true);
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await request(t.app).get('/')).status).toBe(500);
  } finally {
    await t.stop();
  }
});

test('content lake down → root isError', async () => {
  const t = await startTestApp();
  try {
    await t.emulators.content.stop();
    const res = await request(t.app).get('/__payload/root');
    expect(res.body.isError).toBe(true);
  } finally {
    await t.stop();
  }
});

test('cached settings keep being served during a content lake outage', async () => {
  const t = await startTestApp();
  try {
    expect((await request(t.app).get('/__payload/root')).body.isError).toBe(false);
    await t.emulators.content.stop();
    const res = await request(t.app).get('/__payload/root');
    expect(res.body.isError).toBe(false);
    expect(res.body.settings.siteTitle).toBe('Gramercy Stems');
  } finally {
    await t.stop();
  }
});
