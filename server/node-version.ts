/**
 * The Node this process runs on, against package.json's `engines.node` (ADR-0030). The process
 * entry (server/index.ts) imports this module first, so an older Node stops here with one line
 * that says which Node ran and how to run the pinned one, before a module it lacks fails with a
 * stack trace that says neither (`node:sqlite` in the emulators' process, ESM-only packages).
 * `npm start` and `npm test` never get here on an older Node: npm scripts run the Node that
 * `npm ci` installed in node_modules/.bin (package.json `optionalDependencies`).
 */
import { engines } from '../package.json';

/**
 * The lowest version a `>=X`, `>=X.Y` or `>=X.Y.Z` range accepts, as [major, minor, patch].
 * @throws Error for any other form of range, which this check would not understand
 */
function minimumOf(range: string): [number, number, number] {
  const match = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(range.trim());
  if (!match) throw new Error(`engines.node "${range}" is not of the form >=X[.Y[.Z]] that server/node-version.ts checks`);
  return [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)];
}

/**
 * Why a Node may not run the shop, or null when `required` accepts it.
 * @param running the running Node's version without the `v` (`process.versions.node`)
 * @param execPath the running Node's binary, named in the message
 * @param required a `>=X[.Y[.Z]]` range, by default package.json's `engines.node`
 * @throws Error when `required` has another form
 */
export function nodeVersionRefusal(running: string, execPath: string, required: string = engines.node): string | null {
  const minimum = minimumOf(required);
  const version = running.split('.').map(Number);
  for (let i = 0; i < 3; i++) {
    if ((version[i] ?? 0) > minimum[i]) return null;
    if ((version[i] ?? 0) < minimum[i]) {
      return (
        `The storefront needs Node ${required} (package.json "engines"); this is Node ${running} (${execPath}). ` +
        '`npm start` and `npm test` run the Node that `npm ci` installed in node_modules/.bin; ' +
        'to start the built server yourself: node_modules/.bin/node dist/server/index.js'
      );
    }
  }
  return null;
}

const refusal = nodeVersionRefusal(process.versions.node, process.execPath);
if (refusal !== null) {
  process.stderr.write(`${refusal}\n`);
  process.exit(1);
}
