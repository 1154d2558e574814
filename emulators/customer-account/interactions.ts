/**
 * The sign-in step (oidc-provider's login prompt), where Shopify would email the customer a
 * one-time code. The provider redirects the browser to `GET /interaction/{uid}` with a cookie
 * naming the pending interaction; then
 *
 * - `login_hint` is a well-formed email → that account is signed in at once (303 back to the
 *   provider, which redirects to the shop with a code): the shop has just verified the
 *   customer's password with the Storefront API, so no page is shown;
 * - otherwise → an HTML form asks for the email (`POST /interaction/{uid}/login`, field `email`;
 *   400 and the form again when it is not an email); `POST /interaction/{uid}/abort` cancels,
 *   sending the shop `error=access_denied`.
 *
 * No password or code is asked: the emulator trusts the email. A missing or expired interaction
 * cookie answers 400 with an error page.
 */
import express, { type ErrorRequestHandler, type Request, type Response } from 'express';
import type { Interaction, Provider } from 'oidc-provider';
import { isEmail, type AccountDirectory } from './accounts';
import { errorPage, signInPage } from './pages';

type InteractionOptions = { provider: Provider; accounts: AccountDirectory; csp: string };

/** Express router for /interaction/…; mount it before the provider's own handler. */
export function interactionRoutes({ provider, accounts, csp }: InteractionOptions): express.Router {
  const router = express.Router();

  const sendHtml = (res: Response, status: number, html: string) => {
    res.status(status).set({ 'Content-Security-Policy': csp, 'Cache-Control': 'no-store', 'Content-Type': 'text/html; charset=utf-8' }).send(html);
  };

  /** The pending login interaction of this browser, or null after answering 400. */
  const pendingLogin = async (req: Request<{ uid: string }>, res: Response): Promise<Interaction | null> => {
    const interaction = await provider.interactionDetails(req, res);
    if (interaction.uid !== req.params.uid || interaction.prompt.name !== 'login') {
      sendHtml(
        res,
        400,
        errorPage('Sign-in expired', 'invalid_request', 'This sign-in is no longer pending. Go back to the shop and sign in again.'),
      );
      return null;
    }
    return interaction;
  };

  const signIn = async (req: Request, res: Response, email: string) => {
    await provider.interactionFinished(req, res, { login: { accountId: accounts.signIn(email) } });
  };

  router.get('/interaction/:uid', async (req, res) => {
    const interaction = await pendingLogin(req, res);
    if (!interaction) return;
    const hint = interaction.params.login_hint;
    if (isEmail(hint)) return signIn(req, res, hint);
    sendHtml(res, 200, signInPage({ uid: interaction.uid }));
  });

  router.post('/interaction/:uid/login', express.urlencoded({ extended: false, limit: '4kb' }), async (req, res) => {
    const interaction = await pendingLogin(req, res);
    if (!interaction) return;
    const body = req.body as Record<string, unknown> | undefined;
    const email = typeof body?.email === 'string' ? body.email.trim() : '';
    if (!isEmail(email)) {
      const error = email ? 'Enter an email address in the format name@example.com.' : 'Enter your email address.';
      return sendHtml(res, 400, signInPage({ uid: interaction.uid, email, error }));
    }
    await signIn(req, res, email);
  });

  router.post('/interaction/:uid/abort', async (req, res) => {
    if (!(await pendingLogin(req, res))) return;
    await provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'The customer cancelled the sign-in.' });
  });

  // oidc-provider's errors (SessionNotFound when the interaction cookie is missing or expired)
  // carry an OAuth `error`, a `status` and a description meant for the end-user.
  const onError: ErrorRequestHandler = (err: { status?: number; error?: string; error_description?: string }, _req, res, _next) => {
    const status = typeof err.status === 'number' && err.status >= 400 && err.status < 500 ? err.status : 500;
    const description = status < 500 ? err.error_description : 'The sign-in could not be completed.';
    sendHtml(res, status, errorPage('Sign-in failed', err.error ?? 'server_error', description));
  };
  router.use(onError);

  return router;
}
