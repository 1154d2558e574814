/**
 * The emulator's few HTML pages: the email form shown when an authorization request carries no
 * usable `login_hint`, and the error page. No script, no external resource, every interpolated
 * value escaped; `pageCsp` gives the Content-Security-Policy they are served with.
 */

/** Escapes the five HTML-significant characters, for text and attribute values alike. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/**
 * No script or resource of any kind; forms may post to the emulator itself and, because a
 * browser applies `form-action` to the redirects that follow a submission, to the shop the
 * sign-in returns to.
 */
export function pageCsp(shopOrigin: string): string {
  return `default-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self' ${shopOrigin}`;
}

function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Customer account (local emulator)</title>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

export type SignInFormState = {
  /** The interaction the form belongs to (URL segment). */
  uid: string;
  /** What the customer typed, re-shown after an invalid submission. */
  email?: string;
  /** Why the last submission was refused. */
  error?: string;
};

/** The sign-in page: one labelled email field; Continue posts to …/login, Cancel to …/abort. */
export function signInPage({ uid, email = '', error }: SignInFormState): string {
  const base = `/interaction/${encodeURIComponent(uid)}`;
  const described = error ? ' aria-invalid="true" aria-describedby="email-error"' : '';
  return page(
    'Sign in',
    `<h1>Sign in to your account</h1>
<p>Local emulator of the customer-account sign-in. Enter the email address of your account.</p>
<form method="post" action="${escapeHtml(`${base}/login`)}" novalidate>
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(email)}"${described}>
${error ? `<p id="email-error" role="alert">${escapeHtml(error)}</p>` : ''}
<button type="submit">Continue</button>
</form>
<form method="post" action="${escapeHtml(`${base}/abort`)}">
<button type="submit">Cancel and return to the shop</button>
</form>`,
  );
}

/** An error page: a heading, the error code and its description. */
export function errorPage(heading: string, error: string, description?: string): string {
  return page(
    heading,
    `<h1>${escapeHtml(heading)}</h1>
<p><strong>${escapeHtml(error)}</strong>${description ? `: ${escapeHtml(description)}` : ''}</p>`,
  );
}
