/**
 * `POST /products/{handle}/unlock` — unlock a password-protected product (spec §3 product card
 * password configuration, §4 availability). The product page's unlock form
 * posts `application/x-www-form-urlencoded` `password=…`:
 *
 * - without JavaScript as a real form post: success answers `303 See Other` → the product page;
 *   a wrong password answers 422 with a small HTML page carrying the message and the form;
 * - with JavaScript (`Accept: application/json`): `{ isError, message }`, 200 or 422.
 *
 * | status | when |
 * |--------|------|
 * | 303 / 200 | right password: sets `unlock_{handle}` (server/unlock/token.ts) |
 * | 400 | no password field, or an absurdly long one |
 * | 403 | cross-origin Origin (the CSRF defence, as for the cart form) |
 * | 404 | unknown handle, or the product is not password protected |
 * | 422 | "That password is not right." |
 * | 429 | over the `unlock` rate limit: 10 attempts per 15 minutes per IP (../http/rate-limit.ts) |
 * | 502/504 | the content lake failed (the one error handler) |
 *
 * Every answer is `private, no-store`. The password is compared in constant time
 * (server/unlock/password.ts) and never leaves the server.
 */
import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import { originAllowed } from '../http/json-api';
import { contentPasswordLookup, passwordMatches, type PasswordLookup } from '../unlock/password';
import { HANDLE, unlockCookieName, type UnlockTokens } from '../unlock/token';
import type { ContentClient } from '../upstream/content/client';
import { CACHE } from '../http/request-policy';

/** Shopper-facing texts of this endpoint (not in the spec). */
export const UNLOCK_MESSAGES = {
  wrongPassword: 'That password is not right.',
  unlocked: 'Unlocked.',
  missingPassword: 'Enter the password.',
  notProtected: 'No Product found.',
} as const;

/** Longest password accepted (characters): anything longer cannot be right and costs a hash. */
const MAX_PASSWORD = 200;

/** Where the unlock form posts for `handle` (the client builds the same path). */
export const unlockPath = (handle: string) => `/products/${handle}/unlock`;

const wantsJson = (req: Request) => req.accepts(['html', 'json']) === 'json';

/** The no-JavaScript refusal page: the message and the form again, so the shopper can retry. */
function refusalPage(handle: string, message: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Password protected</title></head>
<body><main>
<h1>This product is password protected</h1>
<form method="post" action="${unlockPath(handle)}">
<label for="unlock-password">Password</label>
<input id="unlock-password" type="password" name="password" autocomplete="current-password" required aria-invalid="true" aria-describedby="unlock-error">
<p id="unlock-error" role="alert">${message}</p>
<button type="submit">Unlock</button>
</form>
<p><a href="/products/${handle}">Back to the product</a></p>
</main></body></html>`;
}

/**
 * @param deps.content   the content lake (the card's password is read from it per attempt)
 * @param deps.tokens    issues the unlock cookie
 * @param deps.limit     the `unlock` rate limiter
 * @param deps.siteUrl   the shop's public origin (same-origin check)
 * @param deps.passwordOf override of the password lookup (tests)
 */
export function productUnlockRoutes(deps: {
  content: ContentClient;
  tokens: UnlockTokens;
  limit: RequestHandler;
  siteUrl: string;
  passwordOf?: PasswordLookup;
}): Router {
  const router = Router();
  const siteOrigin = new URL(deps.siteUrl).origin;
  const passwordOf = deps.passwordOf ?? contentPasswordLookup(deps.content);

  const answer = (req: Request, res: Response, status: number, message: string, handle: string) => {
    if (wantsJson(req)) return void res.status(status).json({ isError: status >= 400, message });
    if (status === 422) return void res.status(status).type('html').send(refusalPage(handle, message));
    res.status(status).type('text/plain').send(message);
  };

  router.post(
    '/products/:handle/unlock',
    (_req, res, next) => {
      res.setHeader('Cache-Control', CACHE.privateNoStore);
      next();
    },
    (req, res, next) => (originAllowed(req, siteOrigin) ? next() : answer(req, res, 403, 'Forbidden', '')),
    deps.limit,
    express.urlencoded({ extended: false, limit: '2kb', parameterLimit: 5 }),
    async (req, res) => {
      const handle = String(req.params.handle);
      if (!HANDLE.test(handle)) return answer(req, res, 404, UNLOCK_MESSAGES.notProtected, handle);
      const attempt: unknown = (req.body as Record<string, unknown> | undefined)?.password;
      if (typeof attempt !== 'string' || attempt === '' || attempt.length > MAX_PASSWORD) {
        return answer(req, res, 400, UNLOCK_MESSAGES.missingPassword, handle);
      }
      const expected = await passwordOf(handle);
      if (expected === null) return answer(req, res, 404, UNLOCK_MESSAGES.notProtected, handle);
      if (!passwordMatches(expected, attempt)) return answer(req, res, 422, UNLOCK_MESSAGES.wrongPassword, handle);

      res.cookie(unlockCookieName(handle), deps.tokens.issue(handle), deps.tokens.cookieOptions());
      if (wantsJson(req)) return void res.status(200).json({ isError: false, message: UNLOCK_MESSAGES.unlocked });
      res.redirect(303, `/products/${handle}`);
    },
  );
  return router;
}
