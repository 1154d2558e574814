/**
 * The root `postinstall` (ADR-0029): makes node_modules/.bin/node the pinned Node of this platform
 * (package.json `optionalDependencies` node-<platform>-<arch>) when npm left it out. npm 10
 * (measured: 10.8.2, Node 18.20.8's own npm) links it, then deletes it with the package it skipped
 * for the other cpu, whose bin has the same name; npm 11.19 keeps it, and this does nothing.
 * Plain CommonJS: it runs on the machine's own Node, any version from 18 on. On a platform without
 * a pinned package it does nothing either (the server's start check names the Node that ran).
 */
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const modules = path.join(__dirname, '..', 'node_modules');
const target = path.join(modules, `node-${process.platform}-${process.arch}`, 'bin', 'node');
const link = path.join(modules, '.bin', 'node');
if (fs.existsSync(target) && !(fs.existsSync(link) && fs.realpathSync(link) === fs.realpathSync(target))) {
  fs.mkdirSync(path.dirname(link), { recursive: true });
  fs.rmSync(link, { force: true });
  fs.symlinkSync(path.relative(path.dirname(link), target), link);
  console.log(`postinstall: linked node_modules/.bin/node to ${path.relative(modules, target)} (npm had left it out)`);
}
