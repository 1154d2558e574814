/**
 * The submit cycle every account form shares (spec §5 checks, §8 messages): the browser's check
 * first, then one request at a time with a pending state, and on failure the problem in the
 * form's alert summary, which then takes focus so keyboard and screen-reader users land on it.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { ApiResult } from '../../../shared/types';
import type { FormProblem } from '../../lib/account-checks';

export type AccountForm<K extends string> = {
  pending: boolean;
  problem: FormProblem<K> | null;
  /** For the form's `<FormAlert>`: focused on every failure. */
  alertRef: RefObject<HTMLDivElement | null>;
  /** Id and inline error of field `name`, to spread into `<FormField>`. */
  field: (name: K) => { id: string; error: string | undefined };
  /**
   * Submit: `check` (the browser's own, null when fine), else `send`; `onSuccess` gets the
   * answer's data. `leaves`: success navigates away, so the pending state stays until it does.
   */
  submit: <T>(check: FormProblem<K> | null, send: () => Promise<ApiResult<T>>, onSuccess: (data: T) => void, leaves?: boolean) => Promise<void>;
};

/**
 * `idPrefix`: the form's DOM id prefix (`${idPrefix}-${field}`), unique on the page; the alert
 * links to the fields by these ids.
 */
export function useAccountForm<K extends string>(idPrefix: string): AccountForm<K> {
  const id = idPrefix;
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<FormProblem<K> | null>(null);
  const [failures, setFailures] = useState(0);
  const alertRef = useRef<HTMLDivElement>(null);
  const busy = useRef(false);

  useEffect(() => {
    if (failures) alertRef.current?.focus();
  }, [failures]);

  const fail = useCallback((next: FormProblem<K>) => {
    setProblem(next);
    setFailures((n) => n + 1);
  }, []);

  const field = useCallback((name: K) => ({ id: `${id}-${name}`, error: problem?.fields[name] }), [id, problem]);

  const submit = useCallback(
    async <T>(check: FormProblem<K> | null, send: () => Promise<ApiResult<T>>, onSuccess: (data: T) => void, leaves = false) => {
      if (busy.current) return;
      if (check) return fail(check);
      busy.current = true;
      setPending(true);
      setProblem(null);
      const { isError, message, data } = await send();
      const failed = isError || data === undefined;
      if (failed || !leaves) {
        busy.current = false;
        setPending(false);
      }
      if (failed) return fail({ message, fields: {} });
      onSuccess(data);
    },
    [fail],
  );

  return { pending, problem, alertRef, field, submit };
}

/** A text field's value from a submitted form, trimmed unless it is a password. */
export function formText(form: HTMLFormElement, name: string, { trim = true } = {}): string {
  const value = new FormData(form).get(name);
  if (typeof value !== 'string') return '';
  return trim ? value.trim() : value;
}

/** A checkbox's state from a submitted form. */
export const formChecked = (form: HTMLFormElement, name: string): boolean => new FormData(form).get(name) !== null;
