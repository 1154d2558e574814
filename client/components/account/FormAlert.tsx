/**
 * An account form's error summary (spec §8 messages): a `role="alert"` region by the form that
 * shows the problem — the server's `message`, or the browser's spec §5 check — with a link to
 * each field to fix. `useAccountForm` focuses it on every failure. Empty while all is well.
 */
import type { MouseEvent } from 'react';
import type { AccountForm } from './use-account-form';

/** Focus the field instead of following `#id` (a hash change would be a router navigation). */
function focusField(event: MouseEvent<HTMLAnchorElement>, id: string) {
  event.preventDefault();
  document.getElementById(id)?.focus();
}

export function FormAlert<K extends string>({ form }: { form: AccountForm<K> }) {
  const { problem, alertRef, field } = form;
  const fields = problem ? (Object.keys(problem.fields) as K[]) : [];
  return (
    <div ref={alertRef} className="form-alert" role="alert" tabIndex={-1}>
      {problem && (
        <>
          <p className="form-alert__message">{problem.message}</p>
          {fields.length > 0 && (
            <ul className="form-alert__fields">
              {fields.map((name) => {
                const { id, error } = field(name);
                return (
                  <li key={name}>
                    <a href={`#${id}`} onClick={(e) => focusField(e, id)}>
                      {error}
                    </a>
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
