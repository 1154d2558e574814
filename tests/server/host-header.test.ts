/**
 * The Host header (RFC 9112 §3.2; server/http/single-host.ts): a request with two Host headers is
 * refused with 400 before anything reads it — Node's parser alone accepts it and keeps the first,
 * while a proxy in front may route or cache by the last. Written on a raw socket, since an HTTP
 * client sends one Host. And a single foreign Host changes no absolute URL: canonical, og:url and
 * the JSON-LD come from SITE_URL (docs/architecture.md §4.3).
 */
import { createServer, get as httpGet, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { startTestApp, type TestApp } from '../support/app';

let t: TestApp;
let server: Server;
let port: number;
beforeAll(async () => {
  t = await startTestApp();
  server = createServer(t.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await t?.stop();
});

/** Writes `head` (request line and headers, CRLF-separated, no blank line) and reads the whole answer. */
function raw(head: string[]): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(`${[...head, 'Connection: close'].join('\r\n')}\r\n\r\n`));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const split = text.indexOf('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]), headers: text.slice(0, split), body: text.slice(split + 4) });
    });
  });
}

test.each([
  ['two Host lines', ['Host: shop.test', 'Host: evil.test']],
  ['the same Host twice', ['Host: shop.test', 'Host: shop.test']],
  ['two spellings of the name', ['host: shop.test', 'HOST: evil.test']],
])('%s: 400, not cacheable, connection closed', async (_name, hosts) => {
  for (const path of ['/', '/healthz', '/api/cart?id=x', '/__payload/home']) {
    const res = await raw([`GET ${path} HTTP/1.1`, ...hosts]);
    expect({ path, status: res.status }).toEqual({ path, status: 400 });
    expect(res.headers).toMatch(/^cache-control: no-store$/im);
    expect(res.headers).toMatch(/^connection: close$/im);
    expect(res.body).toBe('Bad Request: more than one Host header.');
  }
});

test('one Host header is served as usual', async () => {
  const res = await raw(['GET /healthz HTTP/1.1', 'Host: shop.test']);
  expect(res.status).toBe(200);
});

test('a foreign Host changes no absolute URL on the page: they come from SITE_URL', async () => {
  const body = await new Promise<string>((resolve, reject) => {
    const req = httpGet({ host: '127.0.0.1', port, path: '/products/classic-gramercy-bouquet', headers: { host: 'evil.test' } }, (res) => {
      expect(res.statusCode).toBe(200);
      res.setEncoding('utf8');
      let text = '';
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve(text));
    });
    req.on('error', reject);
  });
  expect(body).toContain('<link rel="canonical" href="http://shop.test/products/classic-gramercy-bouquet">');
  expect(body).toContain('<meta property="og:url" content="http://shop.test/products/classic-gramercy-bouquet">');
  expect(body).not.toContain('evil.test');
});
