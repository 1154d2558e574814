/**
 * server/node-version.ts: which Node versions the server's first import lets through, for
 * package.json's own `engines.node` and for the other `>=` forms it reads.
 */
import { engines } from '../../package.json';
import { nodeVersionRefusal } from '../../server/node-version';

test("package.json's engines: an older Node is refused with its version, its path and what to run instead", () => {
  const refusal = nodeVersionRefusal('20.20.2', '/usr/bin/node');
  expect(refusal).toContain(`needs Node ${engines.node}`);
  expect(refusal).toContain('this is Node 20.20.2 (/usr/bin/node)');
  expect(refusal).toContain('node_modules/.bin/node dist/server/index.js');
  expect(nodeVersionRefusal(process.versions.node, process.execPath)).toBeNull();
});

test.each([
  ['>=24', '23.11.1', false],
  ['>=24', '24.0.0', true],
  ['>=24', '26.1.0', true],
  ['>=24.15', '24.14.9', false],
  ['>=24.15', '24.15.0', true],
  ['>= 24.21.0', '24.20.9', false],
  ['>= 24.21.0', '24.21.0', true],
  ['>=24.21.0', '25.0.0', true],
])('%s accepts %s: %s', (required, running, accepted) => {
  expect(nodeVersionRefusal(running, '/x/node', required) === null).toBe(accepted);
});

test('a range of another form is an error, not a pass', () => {
  expect(() => nodeVersionRefusal('24.21.0', '/x/node', '^24')).toThrow(/not of the form >=X/);
  expect(() => nodeVersionRefusal('24.21.0', '/x/node', '>=22 <26')).toThrow(/not of the form >=X/);
});
