/**
 * An account form's submit button: while the request runs it says what is happening
 * ("Signing in…"), is marked busy and ignores further clicks.
 */
import type { ReactNode } from 'react';

export function SubmitButton({
  pending,
  pendingLabel,
  children,
  className,
}: {
  pending: boolean;
  pendingLabel: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <button
      type="submit"
      className={`button${className ? ` ${className}` : ''}`}
      aria-disabled={pending || undefined}
      aria-busy={pending || undefined}
    >
      {pending ? pendingLabel : children}
    </button>
  );
}
