/**
 * Request logs never carry what grants access: the customer session cookie, the pending sign-in,
 * the cart cookie, authorization headers (docs/architecture.md §9).
 */
import { Writable } from 'node:stream';
import pino from 'pino';
import request from 'supertest';
import { startTestApp, type TestApp } from './support/app';

let t: TestApp;
const lines: string[] = [];
beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  t = await startTestApp({ log: pino({ level: 'info' }, sink) });
});
afterAll(() => t?.stop());

test('cookies and authorization headers are redacted from request logs', async () => {
  const token = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
  const res = await request(t.app)
    .get('/api/customer')
    .set('Cookie', `customer_access_token=${token}; customer_authorization=pending-secret; cart_id=cart-secret`)
    .set('Authorization', 'Bearer bearer-secret');
  expect(res.status).toBe(401);
  const log = lines.join('');
  // The request was logged, with its headers…
  expect(log).toContain('/api/customer');
  expect(log).toContain('[redacted]');
  // …but none of the secrets.
  for (const secret of [token, 'pending-secret', 'cart-secret', 'bearer-secret']) expect(log).not.toContain(secret);
});
