/**
 * Every citation in the repository's code and docs points at something a reader of the repository
 * can open: a decision record that exists (`ADR-NNNN` → docs/decisions/NNNN-*.md), a section that
 * is a heading of docs/architecture.md or docs/spec.md (`docs/architecture.md §N`, `spec §N`), and
 * never a ticket of a tracker the repository does not hold ("issue" followed by a number). Each
 * check walks the tracked and new files (`git ls-files`) and lists every offending file:line.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

/** Text the project does not write: npm's lock file, Shopify's schema and the types generated from it. */
const NOT_OURS = new Set(['package-lock.json', 'emulators/storefront-api/storefront.schema.json', 'server/upstream/storefront/generated.ts']);

interface TrackedFile {
  file: string;
  text: string;
}

/**
 * Every text file git tracks or would track (new files not yet added, .gitignore respected), relative to
 * the root; binary files (holding a NUL byte) and files deleted from the working tree are left out.
 */
function trackedTextFiles(): TrackedFile[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  return [...new Set(listed.split('\0'))]
    .filter((file) => file !== '' && !NOT_OURS.has(file) && existsSync(path.join(ROOT, file)))
    .flatMap((file) => {
      const bytes = readFileSync(path.join(ROOT, file));
      return bytes.includes(0) ? [] : [{ file, text: bytes.toString('utf8') }];
    });
}

const FILES = trackedTextFiles();

/** A gap inside a citation: spaces, or a line break and the next line's comment marker (` * `, `// `, `# `). */
const GAP = String.raw`(?:[ \t]+|[ \t]*\r?\n[ \t]*(?:\*|//|#)?[ \t]*)`;

/** `file:line: match` for each match of `pattern` (global) in the tracked files that `wrong` accepts. */
function offending(pattern: RegExp, wrong: (match: RegExpExecArray) => boolean): string[] {
  const found: string[] = [];
  for (const { file, text } of FILES) {
    for (const match of text.matchAll(pattern)) {
      if (!wrong(match)) continue;
      const line = text.slice(0, match.index).split('\n').length;
      found.push(`${file}:${line}: ${match[0].replace(/\s+/g, ' ')}`);
    }
  }
  return found;
}

/** The section numbers of a Markdown file's numbered headings: "## 4. A page request" → 4, "### 4.1 Headers" → 4.1. */
function sectionNumbers(file: string): Set<string> {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  return new Set([...text.matchAll(/^#{2,3} (\d+(?:\.\d+)?)\.? /gm)].map((m) => m[1]));
}

test('the files walked include the code, the tests and the docs', () => {
  const walked = new Set(FILES.map((f) => f.file));
  for (const file of [
    'server/app.ts',
    'client/start.tsx',
    'emulators/index.ts',
    'tests/docs/citations.test.ts',
    'docs/architecture.md',
    'README.md',
  ]) {
    expect(walked).toContain(file);
  }
});

test('no citation of an issue: the tracker is not part of the repository', () => {
  expect(offending(new RegExp(String.raw`\bissues?${GAP}+\d+\b`, 'gi'), () => true)).toEqual([]);
});

test('every ADR cited has its record in docs/decisions/', () => {
  const records = new Set(
    readdirSync(path.join(ROOT, 'docs/decisions'))
      .map((name) => /^(\d{4})-.*\.md$/.exec(name)?.[1])
      .filter((n) => n !== undefined),
  );
  expect(records.size).toBeGreaterThan(20);
  expect(offending(/\bADR[- ]?(\d{4})\b/g, (m) => !records.has(m[1]))).toEqual([]);
});

test('every docs/architecture.md §N cited is a heading of docs/architecture.md', () => {
  const sections = sectionNumbers('docs/architecture.md');
  expect([...sections]).toEqual(expect.arrayContaining(['1', '4', '4.5', '9']));
  expect(offending(new RegExp(String.raw`\barchitecture\.md${GAP}*§${GAP}*(\d+(?:\.\d+)?)`, 'g'), (m) => !sections.has(m[1]))).toEqual([]);
});

test('every spec §N cited is a heading of docs/spec.md', () => {
  const sections = sectionNumbers('docs/spec.md');
  expect([...sections]).toEqual(expect.arrayContaining(['1', '2', '9']));
  expect(offending(new RegExp(String.raw`\bspec(?:\.md)?${GAP}*§${GAP}*(\d+(?:\.\d+)?)`, 'gi'), (m) => !sections.has(m[1]))).toEqual([]);
});

/** Each decision record: its file name and text. */
const DECISIONS = readdirSync(path.join(ROOT, 'docs/decisions'))
  .filter((name) => /^\d{4}-.*\.md$/.test(name))
  .map((name) => ({ name, text: readFileSync(path.join(ROOT, 'docs/decisions', name), 'utf8') }));

/** A record's `Status:` paragraph (up to the first blank line), as one line. */
const statusOf = (text: string) => /^Status: ([^\n]+(?:\n(?!\s*\n)[^\n]+)*)/m.exec(text)?.[1].replace(/\s+/g, ' ');

/**
 * The repository paths a Status names: code spans that look like a path (`server/cart/`,
 * `.ci/run`, `jest.config.js`), not commands (`npm start`), identifiers (`buildClient`), URL paths
 * (`/cart`) or package names (`@types/node`).
 */
const pathsIn = (status: string) =>
  [...status.matchAll(/`([^`\s:]+)`/g)]
    .map((m) => m[1])
    .filter((span) => !/^[/@]/.test(span) && (span.includes('/') || /\.(?:ts|tsx|mts|js|mjs|json|ya?ml|md)$/.test(span)));

test('every decision record has a Date line (YYYY-MM-DD) and a Status line', () => {
  expect(DECISIONS.length).toBeGreaterThan(20);
  expect(DECISIONS.filter(({ text }) => !/^Date: \d{4}-\d{2}-\d{2}$/m.test(text)).map((d) => `${d.name}: no Date line`)).toEqual([]);
  expect(DECISIONS.filter(({ text }) => statusOf(text) === undefined).map((d) => `${d.name}: no Status line`)).toEqual([]);
});

test("every file a decision record's Status names exists, and a superseded record names its successor", () => {
  const missing = DECISIONS.flatMap(({ name, text }) =>
    pathsIn(statusOf(text) ?? '')
      .filter((file) => !existsSync(path.join(ROOT, file)))
      .map((file) => `${name}: ${file}`),
  );
  expect(missing).toEqual([]);
  // The walk finds paths at all (a pattern that matched nothing would pass the check above).
  expect(DECISIONS.flatMap(({ text }) => pathsIn(statusOf(text) ?? ''))).toEqual(
    expect.arrayContaining(['server/http/security.ts', 'emulators/', '.ci/run', 'jest.config.js']),
  );
  const orphaned = DECISIONS.filter(({ text }) => /superseded/i.test(statusOf(text) ?? '') && !/superseded by ADR-\d{4}/i.test(statusOf(text) ?? ''));
  expect(orphaned.map((d) => `${d.name}: superseded, by no ADR`)).toEqual([]);
});
