/**
 * Attacks on the shop's `/__local` proxy (server/http/local-proxy.ts, ADR-0027) and what they
 * need, shared by tests/server/local-proxy.test.ts (which asserts every one answers 404 and
 * reaches no host) and the fault suite's local-proxy section (bench/faults/, which counts):
 *
 * - `localProxyAttacks`: the paths that try to leave the allow-list: another host or port
 *   (`//host`, `\host`, encoded `%2F%2F` and `%5C`), dot segments, case variants, the content
 *   lake's query API, the Storefront GraphQL endpoint other than GraphiQL's (its version, POST,
 *   exact spelling), out of GraphiQL's files, the debug endpoints other than the inbox;
 * - `rawRequest`: one HTTP request with its path exactly as written (fetch would resolve `//`,
 *   `\` and `..` before sending);
 * - `recorder`: a loopback HTTP server that records every connection and request reaching it
 *   (the "foreign host" an attack would reach), or passes requests on to a target once set.
 */
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One answer of `rawRequest`: status, headers and the body as text. */
export type RawAnswer = { status: number; headers: IncomingHttpHeaders; body: string };

/**
 * Sends one request to 127.0.0.1:`port` with `path` exactly as given (no URL parsing on the way).
 * @throws on a connection error
 */
export function rawRequest(port: number, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A running `recorder`. */
export type Recorder = {
  server: Server;
  /** Every request that reached it. */
  seen: { method: string; url: string; headers: IncomingHttpHeaders }[];
  /** TCP connections accepted, HTTP or not. */
  connections: () => number;
  /** `target`: an origin to pass requests on to; empty, it answers 200 "a foreign host" itself. */
  state: { target: string };
  url: string;
  close(): Promise<void>;
};

/** An HTTP server on a free loopback port that records what reaches it (see `Recorder`). */
export async function recorder(): Promise<Recorder> {
  const seen: Recorder['seen'] = [];
  const state = { target: '' };
  let connections = 0;
  const server = createServer((req, res) => {
    seen.push({ method: req.method!, url: req.url!, headers: req.headers });
    if (!state.target) return void res.writeHead(200, { 'content-type': 'text/plain' }).end('a foreign host');
    const { host: _host, ...headers } = req.headers;
    const upstream = httpRequest(`${state.target}${req.url}`, { method: req.method, headers }, (answer) => {
      res.writeHead(answer.statusCode!, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    seen,
    connections: () => connections,
    state,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * `[method, path]` of every attack on the proxy. None may answer anything but 404 or reach a host
 * other than the emulator's own allow-listed paths.
 * @param hosts.foreign `host:port` of a listener the attacks try to reach (a `recorder`)
 * @param hosts.lake    `host:port` of the content lake emulator, whose query API must stay shut
 */
export function localProxyAttacks(hosts: { foreign: string; lake: string }): [string, string][] {
  const away = hosts.foreign;
  const lake = hosts.lake;
  const groq = encodeURIComponent('*[_type == "productCard"]{title}');
  const query = `v2025-02-19/data/query/production?query=${groq}`;
  return [
    ['GET', `/__local/storefront//${away}/anything`],
    ['GET', `/__local/storefront/\\${away}/anything`],
    ['GET', `/__local/storefront/\\\\${away}/anything`],
    ['GET', `/__local/storefront/%2F%2F${away}/anything`],
    ['GET', `/__local/storefront/%2f%2f${away}/anything`],
    ['GET', `/__local/storefront/%5C${away}/anything`],
    ['GET', `/__local/storefront/%5c%5c${away}/anything`],
    ['GET', `/__local/storefront//${away}/__emulator/inbox`],
    ['GET', `/__local/content//${away}/images/x`],
    ['GET', `/__local/marketing//${away}/client/events/`],
    ['GET', `/__local/customer-account//${away}/interaction/x`],
    // The content lake's query API, which the proxy is meant to refuse, through another emulator's name.
    ['GET', `/__local/storefront//${lake}/${query}`],
    ['GET', `/__local/marketing//${lake}/${query}`],
    ['GET', `/__local/content/${query}`],
    ['GET', `/__local/content/images/../${query}`],
    ['GET', `/__local/content/images/%2e%2e/${query}`],
    ['GET', `/__local/content/images/%2E%2E%2F${query}`],
    ['GET', `/__local/content/IMAGES/x/y/z.svg`],
    // The Storefront GraphQL endpoint but GraphiQL's (POST, 2026-04, exactly so spelt), in any
    // case (the emulator routes case-insensitively).
    ['GET', '/__local/storefront/api/2026-04/graphql.json'],
    ['POST', '/__local/storefront/api/2026-01/graphql.json'],
    ['POST', '/__local/storefront/api/unstable/graphql.json'],
    ['POST', '/__local/storefront/api/2026-04/graphql.json/'],
    ['POST', '/__local/storefront/api/2026-04/graphqlxjson'],
    ['POST', '/__local/storefront/API/2026-04/graphql.json'],
    ['POST', '/__local/storefront/Api/2026-04/graphql.json'],
    ['POST', '/__local/storefront/%61pi/2026-04/graphql.json'],
    ['GET', '/__local/storefront/cdn/shop/files/../../api/2026-04/graphql.json'],
    ['GET', '/__local/storefront/cdn/shop/files/%2e%2e/%2e%2e/__emulator/orders'],
    ['GET', '/__local/storefront/cdn/shop/files/..%2F..%2F__emulator%2Forders'],
    ['GET', '/__local/storefront/CDN/shop/files/x.webp'],
    // GraphiQL: its page and files, nothing beside or above them.
    ['GET', '/__local/storefront/GraphiQL'],
    ['GET', '/__local/storefront/graphiql/'],
    ['POST', '/__local/storefront/graphiql'],
    ['GET', '/__local/storefront/graphiql/assets/../../__emulator/orders'],
    ['GET', '/__local/storefront/graphiql/assets/chunks/../../../__emulator/orders'],
    ['GET', '/__local/storefront/graphiql/assets/%2e%2e/%2e%2e/__emulator/orders'],
    ['GET', '/__local/storefront/graphiql/assets/..%2F..%2F__emulator%2Forders'],
    ['GET', '/__local/storefront/graphiql/assets/x/y.js'],
    ['GET', '/__local/storefront/graphiql/manifest.json'],
    // Debug endpoints other than the inbox page, and the inbox under other spellings.
    ['GET', '/__local/storefront/__emulator/orders'],
    ['GET', '/__local/storefront/__emulator/carts'],
    ['GET', '/__local/storefront/__emulator/inbox.json'],
    ['GET', '/__local/storefront/__EMULATOR/inbox'],
    ['GET', '/__local/storefront/__emulator/inbox/'],
    ['GET', '/__local/storefront//__emulator/inbox'],
    ['GET', '/__local/storefront/%5F%5Femulator/inbox'],
    ['POST', '/__local/storefront/__emulator/faults'],
    ['POST', '/__local/storefront/__emulator/inbox'],
    ['GET', '/__local/marketing/__emulator'],
    ['GET', '/__local/marketing/__emulator/records'],
    ['GET', '/__local/content/__emulator/faults'],
    // Server-side APIs: the marketing API (private key), the authorization server's token endpoint and metadata.
    ['POST', '/__local/marketing/api/events/'],
    ['GET', '/__local/marketing/client/events/'],
    ['POST', '/__local/customer-account/oauth/token'],
    ['GET', '/__local/customer-account/.well-known/openid-configuration'],
    ['GET', '/__local/customer-account/.well-known/jwks.json'],
    ['GET', '/__LOCAL/storefront/checkout/assets/checkout.css'],
    ['GET', '/__local/scheduler/v1.0/pickup/locations/x/calendar'],
  ];
}
