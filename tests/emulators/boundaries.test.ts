/**
 * docs/architecture.md §2: the emulators define the upstreams' wire formats in their own folder
 * and import nothing from the app (server/, client/, top-level shared/); the app's config knows
 * nothing of them, and server/index.ts is the only server file that starts them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const SOURCE = /\.(ts|tsx|js|mjs|cjs)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? sourceFiles(full) : SOURCE.test(entry.name) ? [full] : [];
  });
}

/** Relative module specifiers of a file (static and dynamic imports, re-exports, require), resolved. */
function relativeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm)].map((m) => m[1]);
  return specifiers.filter((s) => s.startsWith('.')).map((s) => path.resolve(path.dirname(file), s));
}

const inside = (dir: string, target: string) => !path.relative(dir, target).startsWith('..');

test('no file under emulators/ imports from outside emulators/', () => {
  const emulators = path.join(ROOT, 'emulators');
  const leaving = sourceFiles(emulators).flatMap((file) =>
    relativeImports(file)
      .filter((target) => !inside(emulators, target))
      .map((target) => `${path.relative(ROOT, file)} → ${path.relative(ROOT, target)}`),
  );
  expect(leaving).toEqual([]);
});

test('no server file imports the emulators: they run in their own process (ADR-0020)', () => {
  const server = path.join(ROOT, 'server');
  const emulators = path.join(ROOT, 'emulators');
  const importers = sourceFiles(server).filter((file) => relativeImports(file).some((target) => inside(emulators, target)));
  expect(importers.map((f) => path.relative(ROOT, f))).toEqual([]);
});

test('server/config.ts carries no emulator literal or variable', () => {
  const config = readFileSync(path.join(ROOT, 'server/config.ts'), 'utf8');
  for (const literal of [
    'local-private-token',
    'local-public-token',
    '_EMULATOR_PORT',
    'EMULATOR_HOST',
    'DATA_DIR',
    "'gramercy'",
    "'101'",
    "'201'",
    ':4001',
    ':4002',
    ':4003',
  ]) {
    expect(config).not.toContain(literal);
  }
});
