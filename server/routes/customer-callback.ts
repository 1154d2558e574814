/**
 * The end of sign-in (spec §7 "External customer authorization"; spec §4: "the external sign-in
 * returns to /accounts/account"). The authorization server sends the browser back to
 * `GET /accounts/account?code=…&state=…` (or `?error=…`). Here, before the page renders:
 *
 * 1. the pending sign-in is read from its HttpOnly cookie and the cookie cleared (single use);
 * 2. `state` is checked and the code exchanged with the PKCE verifier; the ID token is verified
 *    (server/auth/customer-authorization.ts) and must name the email that signed in;
 * 3. only then the customer session cookie is set, and the browser is sent (303) to the page it
 *    wanted (`returnTo`, a same-site path) or the account page.
 *
 * Anything wrong (no pending sign-in, a forged state, a refused or replayed code, another
 * account) signs nobody in and sends the browser to `/accounts/login?error=authorization`;
 * an existing session is left alone, so a forged callback link cannot sign anyone out.
 */
import { Router, type Response } from 'express';
import { z } from 'zod';
import { CustomerAuthorizationError, type CustomerAuthorization } from '../auth/customer-authorization';
import {
  clearAuthorizationTransaction,
  readAuthorizationTransaction,
  setAuthorizationTransaction,
  setCustomerSession,
  type AccessToken,
} from '../http/customer-session';
import { requestLog } from '../http/request-context';
import type { Logger } from '../logger';
import { ACCOUNT_PATH, LOGIN_PATH } from '../loaders/account';
import { CACHE } from '../http/request-policy';

/** What waits in the authorization cookie between the password check and the callback. */
export type PendingSignIn = { transaction: string; token: AccessToken; email: string | null };

const Pending = z.object({
  transaction: z.string().min(1),
  token: z.object({ accessToken: z.string().min(1), expiresAt: z.string().min(1) }),
  email: z.string().nullable(),
});

/** Where the login page sends a failed sign-in; the page shows a message for it. */
export const AUTHORIZATION_FAILED_PATH = `${LOGIN_PATH}?error=authorization`;

/** Keeps the pending sign-in (HttpOnly, 10 minutes, path /accounts) for the callback. */
export function keepPendingSignIn(res: Response, pending: PendingSignIn, siteUrl: string): void {
  setAuthorizationTransaction(res, Buffer.from(JSON.stringify(pending)).toString('base64url'), siteUrl);
}

function readPendingSignIn(cookieHeader: string | undefined): PendingSignIn | null {
  const raw = readAuthorizationTransaction(cookieHeader);
  if (!raw) return null;
  try {
    const parsed = Pending.safeParse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function customerCallbackRoutes(deps: { authorization: CustomerAuthorization; siteUrl: string; log: Logger }): Router {
  const router = Router();

  router.get(ACCOUNT_PATH, async (req, res, next) => {
    const { code, state, error } = req.query;
    if (code === undefined && state === undefined && error === undefined) return next();
    res.set('Cache-Control', CACHE.privateNoStore);
    const pending = readPendingSignIn(req.get('cookie'));
    clearAuthorizationTransaction(res, deps.siteUrl);
    const log = requestLog(deps.log);
    try {
      // The callback URL as the authorization server saw it: our public origin, not the Host header.
      const claims = await deps.authorization.complete(new URL(req.originalUrl, deps.siteUrl), pending?.transaction ?? null);
      if (!pending) throw new CustomerAuthorizationError('missing_transaction', 'no pending sign-in');
      if (pending.email && claims.email && claims.email.toLowerCase() !== pending.email.toLowerCase()) {
        throw new CustomerAuthorizationError('account_mismatch', 'the authorized account is not the one that signed in');
      }
      setCustomerSession(res, pending.token, deps.siteUrl);
      res.redirect(303, claims.returnTo ?? ACCOUNT_PATH);
    } catch (err) {
      if (!(err instanceof CustomerAuthorizationError)) return next(err);
      log.warn({ reason: err.reason, err }, 'customer authorization refused');
      res.redirect(303, AUTHORIZATION_FAILED_PATH);
    }
  });

  return router;
}
