/**
 * The shop process of `npm run dev` (scripts/dev.ts, ADR-0031). Forked with the server bundle's
 * path as its argument as soon as that bundle is built, it loads the packages the bundle requires
 * (IPC `{ type: 'warm', packages }`) while the emulators are still starting, then runs the bundle
 * (IPC `{ type: 'start', env }`: the variables known only now, LOCAL_UPSTREAMS in local mode) exactly as
 * `node dist/server/index.js` would, with those packages already in the module cache. When the
 * runner is gone (the IPC channel closes), the shop stops as on SIGTERM.
 */
'use strict';
const { createRequire } = require('node:module');

const entry = process.argv[2];
// Resolved from the bundle's folder, as its own require() calls are: the same cache entries.
const load = createRequire(entry);

process.on('message', (message) => {
  if (message.type === 'warm') {
    for (const id of message.packages) {
      try {
        load(id);
      } catch {
        // A module the bundle requires only where it never runs on the server (a stylesheet).
      }
    }
  } else if (message.type === 'start') {
    Object.assign(process.env, message.env);
    load(entry);
  }
});
process.on('disconnect', () => process.kill(process.pid, 'SIGTERM'));
