/**
 * The unlock form of a password-protected product (spec §3 product card password
 * configuration, §4 availability). A real form posting to `/products/{handle}/unlock`
 * (server/routes/product-unlock.ts), which without JavaScript answers 303 back to the product
 * (or a 422 page with the message); with JavaScript the same body goes by fetch, the message
 * shows inline under the field, and on success the route data is reloaded: the server now
 * answers the full product for this shopper (private, no-store).
 */
import { useId, useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';

/** Shown when the request itself fails (network down, server error without a message). */
const FAILED = 'The product could not be unlocked. Please try again.';

export function UnlockForm({ handle, text }: { handle: string; text: string | null }) {
  const id = useId();
  const revalidator = useRevalidator();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputId = `${id}-password`;
  const errorId = `${id}-error`;
  const textId = `${id}-text`;

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const password = new FormData(e.currentTarget).get('password');
    const body = new URLSearchParams({ password: typeof password === 'string' ? password : '' });
    setPending(true);
    setError(null);
    try {
      const res = await fetch(`/products/${handle}/unlock`, { method: 'POST', headers: { accept: 'application/json' }, body });
      const result = (await res.json().catch(() => null)) as { isError?: boolean; message?: string } | null;
      if (!res.ok || result?.isError) return setError(result?.message || FAILED);
      await revalidator.revalidate();
    } catch {
      setError(FAILED);
    } finally {
      setPending(false);
    }
  };

  return (
    <form
      className="password-form"
      method="post"
      action={`/products/${handle}/unlock`}
      onSubmit={submit}
      aria-labelledby={`${id}-title`}
      aria-describedby={text ? textId : undefined}
      noValidate
    >
      <p id={`${id}-title`}>
        <strong>This product is password protected.</strong>
      </p>
      {text && <p id={textId}>{text}</p>}
      <div className={error ? 'field field--invalid' : 'field'}>
        <label htmlFor={inputId}>Password</label>
        <input
          id={inputId}
          type="password"
          name="password"
          autoComplete="current-password"
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        {error && (
          <p id={errorId} className="field__error" role="alert">
            {error}
          </p>
        )}
      </div>
      <button type="submit" className="button" disabled={pending} aria-busy={pending}>
        {pending ? 'Unlocking…' : 'Unlock'}
      </button>
    </form>
  );
}
