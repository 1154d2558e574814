/**
 * What the shopper does before the app has started (ADR-0022 leaves the server's HTML in charge
 * until the first paint, and on a page with an LCP image until it has loaded).
 *
 * - **Submits.** A form with an `action` has a server route and is left to the browser (Add to
 *   cart posts to /cart, the unlock form to its route). A form without one exists only for the
 *   app (sign-in, registration, addresses, the sign-up forms): sent by the browser it would post
 *   to the page's own URL, which no route answers, or put the shopper's email in a GET query
 *   string. Such a submit is held until the app, deferred regions included
 *   (components/DeferHydration.tsx), has hydrated, then sent again to the app's handler. Where
 *   the app already handles the form it prevents the default first, and nothing is held.
 * - **Clicks on app buttons** (`<button type="button">`: option chips, the cart button, the
 *   menu toggle) do nothing in the server's HTML. They are recorded until the page has hydrated
 *   and then replayed.
 * - **Typing** into fields is kept by the browser, but the app's controlled fields hold their
 *   state, not the DOM's value: every field the shopper edited is announced to the app (`input`
 *   and `change` events) before anything is replayed.
 *
 * The first held submit or recorded click starts the app at once (client/entry.tsx). Replays run
 * in order, one task apart, so the app re-renders between them.
 */

/** Dispatched on `window` by client/start.tsx right after hydrating the page. */
export const PAGE_HYDRATED_EVENT = 'app:page-hydrated';
/** Dispatched on `window` by client/start.tsx once the deferred regions have hydrated too. */
export const APP_HYDRATED_EVENT = 'app:hydrated';

/**
 * Tells the entry the app has hydrated: the page (`complete: false`: its handlers are attached,
 * the deferred regions' may not be yet) or everything (`complete: true`; `data-hydrated` on
 * <html> then says so to styles and to browser tests).
 */
export function announceHydrated({ complete }: { complete: boolean }): void {
  if (complete) document.documentElement.dataset.hydrated = '';
  window.dispatchEvent(new Event(complete ? APP_HYDRATED_EVENT : PAGE_HYDRATED_EVENT));
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

type HeldSubmit = { form: HTMLFormElement; submitter: HTMLElement | null };

/** Sends a held form to the app's handler, if it is still in the page. */
function resubmit({ form, submitter }: HeldSubmit): void {
  form.removeAttribute('aria-busy');
  if (!form.isConnected) return;
  const button = submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement ? submitter : null;
  form.requestSubmit(button?.form === form ? button : null);
}

/** Runs `steps` in order, each in a task of its own (the app re-renders in between). */
function inTurn(steps: Array<() => void>): void {
  const next = () => {
    const step = steps.shift();
    if (!step) return;
    step();
    setTimeout(next, 0);
  };
  setTimeout(next, 0);
}

/**
 * Holds submits of app-only forms (no `action`; `aria-busy` meanwhile) until
 * {@link APP_HYDRATED_EVENT} and records clicks on `<button type="button">` until
 * {@link PAGE_HYDRATED_EVENT}, then replays them. `onHeld` runs on each (the entry starts the
 * app then).
 */
export function holdEarlyInput(onHeld: () => void): void {
  const clicks: HTMLButtonElement[] = [];
  const submits: HeldSubmit[] = [];

  // Bubbling, not capturing: a form the app already handles has had its default prevented.
  function onSubmit(event: SubmitEvent): void {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || form.hasAttribute('action') || event.defaultPrevented) return;
    event.preventDefault();
    form.setAttribute('aria-busy', 'true');
    submits.push({ form, submitter: event.submitter });
    onHeld();
  }

  function onClick(event: MouseEvent): void {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || button.type !== 'button' || button.disabled) return;
    clicks.push(button);
    onHeld();
  }

  document.addEventListener('submit', onSubmit);
  document.addEventListener('click', onClick, true);
  window.addEventListener(
    PAGE_HYDRATED_EVENT,
    () => {
      document.removeEventListener('click', onClick, true);
      announceEditedFields();
      inTurn(clicks.map((button) => () => button.isConnected && button.click()));
    },
    { once: true },
  );
  window.addEventListener(
    APP_HYDRATED_EVENT,
    () => {
      document.removeEventListener('submit', onSubmit);
      // Again: fields of the deferred regions have only now got their handlers.
      announceEditedFields();
      inTurn(submits.map((held) => () => resubmit(held)));
    },
    { once: true },
  );
}
