/**
 * Forms submitted before the app has started (ADR-0022 leaves the server's HTML in charge until
 * the first paint, and on a product page until its LCP image has loaded).
 *
 * A form with an `action` has a server route and is left to the browser (Add to cart posts to
 * /cart, the unlock form to its route). A form without one exists only for the app (sign-in,
 * registration, addresses, the sign-up forms): sent by the browser it would post to the page's
 * own URL, which no route answers, or put the shopper's email in a GET query string. Such a
 * submit is held instead: the entry starts the app at once, and once the app has hydrated the
 * fields the shopper filled are announced to it (`input` and `change` events, so controlled
 * fields take the typed values) and the form is submitted again, now to the app's handler.
 */

/** Dispatched on `window` by client/start.tsx right after hydrating. */
export const APP_HYDRATED_EVENT = 'app:hydrated';

/**
 * Tells the entry the app owns the page (every handler is attached); `data-hydrated` on <html>
 * says so to styles and to browser tests.
 */
export function announceHydrated(): void {
  document.documentElement.dataset.hydrated = '';
  window.dispatchEvent(new Event(APP_HYDRATED_EVENT));
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** Whether the shopper changed `field` from what the server rendered. */
function edited(field: Field): boolean {
  if (field instanceof HTMLSelectElement) return [...field.options].some((option) => option.selected !== option.defaultSelected);
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) return field.checked !== field.defaultChecked;
  return field.value !== field.defaultValue;
}

/**
 * Fires `input` and `change` on every field the shopper edited before hydration: the app's
 * controlled fields hold their state, not the DOM's value, and would otherwise submit (and on
 * their next render show) what the server rendered.
 */
function announceEditedFields(): void {
  for (const field of document.querySelectorAll<Field>('input, textarea, select')) {
    if (!edited(field)) continue;
    field.dispatchEvent(new Event('input', { bubbles: true }));
    field.dispatchEvent(new Event('change', { bubbles: true }));
  }
}

/**
 * Holds submits of app-only forms (no `action`) until {@link APP_HYDRATED_EVENT}, then replays
 * the last one. `onHeld` runs on each held submit (the entry starts the app then). The held
 * form is `aria-busy` meanwhile.
 */
export function holdEarlySubmits(onHeld: () => void): void {
  let held: { form: HTMLFormElement; submitter: HTMLElement | null } | null = null;

  function hold(event: SubmitEvent): void {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || form.hasAttribute('action')) return;
    event.preventDefault();
    held = { form, submitter: event.submitter };
    form.setAttribute('aria-busy', 'true');
    onHeld();
  }

  document.addEventListener('submit', hold, true);
  window.addEventListener(
    APP_HYDRATED_EVENT,
    () => {
      document.removeEventListener('submit', hold, true);
      announceEditedFields();
      if (!held) return;
      const { form, submitter } = held;
      form.removeAttribute('aria-busy');
      // A task later, once the app has re-rendered with the announced values.
      setTimeout(() => {
        if (!form.isConnected) return;
        const button = submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement ? submitter : null;
        form.requestSubmit(button?.form === form ? button : null);
      }, 0);
    },
    { once: true },
  );
}
