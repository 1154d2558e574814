/**
 * The server-rendered HTML of every route template (tests/support/route-templates.ts) is valid
 * HTML for html-validate's recommended rules: 0 errors. Only rules that
 * conflict with React's output are turned off, each with its reason below.
 */
import { HtmlValidate, type Message } from 'html-validate';
import request from 'supertest';
import { CART_VARIANT, ADA, firstOrderPath, ORDER_PLACEHOLDER, ROUTE_TEMPLATES } from '../support/route-templates';
import { signIn } from '../support/customer';
import { startTestApp, type TestApp } from '../support/app';

jest.setTimeout(60_000);

const validator = new HtmlValidate({
  extends: ['html-validate:recommended'],
  rules: {
    // Our head writes `<!doctype html>` (server/render/head.ts); lower case is as valid as upper.
    'doctype-style': ['error', { style: 'lowercase' }],
    // React serialises boolean and empty attributes as `attr=""` (hidden="", disabled="").
    'attribute-boolean-style': ['error', { style: 'empty' }],
    'attribute-empty-style': ['error', { style: 'empty' }],
    // React writes void elements self-closed in the body (`<img/>`, `<br/>`, `<link/>`) while
    // the head writer (server/render/head.ts) omits the slash: both are valid HTML syntax and
    // the rule can only demand one of them.
    'void-style': 'off',
    // React's `style` prop carries per-document values (image aspect ratios and blur-up
    // placeholders, the CMS's banner colours); the CSP allows style attributes (docs/architecture.md §4.1).
    'no-inline-style': 'off',
    // The option chips (client/components/OptionPicker.tsx) are the WAI-ARIA radio group pattern
    // (buttons with role=radio, roving tabindex), a deliberate choice: only that role is exempt.
    'prefer-native-element': ['error', { exclude: ['radio'] }],
    // The orders table keeps explicit table roles on purpose: its stacked narrow layout changes
    // the table's display, which makes some screen readers drop the table semantics
    // (client/pages/account/OrdersPage.tsx).
    'no-redundant-role': 'off',
    // React keeps some DOM property names in camelCase (srcSet, fetchPriority, imageSrcSet);
    // HTML attribute names are case-insensitive.
    'attr-case': ['error', { style: ['lowercase', 'camelcase'] }],
    // React's useId ids (`_R_…`) and our state block's `__STATE__` are valid HTML5 ids; the
    // strict mode also wants them to be CSS-friendly, which they need not be.
    'valid-id': ['error', { relaxed: true }],
  },
});

let t: TestApp;
let session: string;
let cartCookie: string;
let orderPath: string | null;

beforeAll(async () => {
  t = await startTestApp();
  session = (await signIn(t, ADA.email, ADA.password)).header();
  const added = await request(t.app).post('/cart').type('form').send({ merchandiseId: CART_VARIANT, quantity: '1' });
  cartCookie = [added.headers['set-cookie']]
    .flat()
    .map((c: string) => c.split(';')[0])
    .join('; ');
  orderPath = firstOrderPath((await request(t.app).get('/accounts/orders').set('Cookie', session)).text);
});
afterAll(() => t?.stop());

const describeMessages = (messages: Message[]) =>
  messages.map((m) => `${m.line}:${m.column} ${m.ruleId}: ${m.message} [${m.selector ?? ''}]`).join('\n');

test('Ada has an order to show', () => {
  expect(orderPath).toMatch(/^\/accounts\/orders\//);
});

test.each(ROUTE_TEMPLATES.map((r) => [r.name, r] as const))('%s: no html-validate errors', async (_name, route) => {
  const path = route.path.replace(ORDER_PLACEHOLDER, orderPath?.split('/').pop() ?? 'none');
  const req = request(t.app).get(path);
  const cookies = [route.session ? session : '', route.cart ? cartCookie : ''].filter(Boolean).join('; ');
  if (cookies) req.set('Cookie', cookies);
  const res = await req;
  expect([200, 404]).toContain(res.status);
  if (route.name !== '404') expect(`${path} ${res.status}`).toBe(`${path} 200`);
  const report = await validator.validateString(res.text, `${route.name}.html`);
  const errors = report.results.flatMap((r) => r.messages).filter((m) => m.severity === 2);
  expect(describeMessages(errors)).toBe('');
});
