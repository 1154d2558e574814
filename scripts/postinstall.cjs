/**
 * The root `postinstall` (ADR-0030): finishes what an older npm leaves undone, so that npm scripts
 * run the pinned Node (package.json `optionalDependencies` node-<platform>-<arch>) with every
 * package the lock file gives this platform. Plain CommonJS: it runs on the machine's own Node, any
 * version from 18 on; with npm 11 it does nothing. Nothing either on a platform without a pinned
 * package (the server's start check then names the Node that ran).
 * 1. npm 10 (measured: 10.8.2, Node 18's own npm) skips an optional package whose `engines` the
 *    Node running npm fails: sharp's, oxc-parser's and rolldown's native binaries want Node 20.9 or
 *    20.19. When npm's Node is older than the pinned one, `npm install` runs again on the pinned
 *    Node, which they accept (`--no-save`: the lock file stays as it is).
 * 2. The same npm links node_modules/.bin/node, then deletes it with the package it skipped for
 *    the other cpu, whose bin has the same name: it is linked again here.
 */
'use strict';
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..');
const name = `node-${process.platform}-${process.arch}`;
const pinned = require('../package.json').optionalDependencies[name];
const target = path.join(root, 'node_modules', name, 'bin', 'node');
const link = path.join(root, 'node_modules', '.bin', 'node');

if (pinned && fs.existsSync(target)) {
  // "npm/10.8.2 node/v18.20.8 linux x64 …": the npm that runs this install, and its Node.
  const agent = /^npm\/(\d+)\S* node\/v(\d+)/.exec(process.env.npm_config_user_agent ?? '');
  if (agent && Number(agent[1]) < 11 && Number(agent[2]) < Number(pinned.split('.')[0]) && process.env.npm_execpath) {
    console.log(
      `postinstall: npm ${agent[1]} on Node ${agent[2]} skipped packages that need a newer Node; installing them on the pinned Node ${pinned}`,
    );
    const args = [process.env.npm_execpath, 'install', '--no-save', '--no-audit', '--no-fund', '--ignore-scripts'];
    const run = spawnSync(target, args, { cwd: root, stdio: 'inherit' });
    if (run.status !== 0) process.exit(run.status ?? 1);
  }
  if (!(fs.existsSync(link) && fs.realpathSync(link) === fs.realpathSync(target))) {
    fs.mkdirSync(path.dirname(link), { recursive: true });
    fs.rmSync(link, { force: true });
    fs.symlinkSync(path.relative(path.dirname(link), target), link);
    console.log(`postinstall: linked node_modules/.bin/node to the pinned Node ${pinned} (npm had left it out)`);
  }
}
