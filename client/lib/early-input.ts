/**
 * What the shopper does before the app has started (ADR-0022 leaves the server's HTML in charge
 * until the first paint, and on a page with an LCP image until it has loaded). Until
 * client/start.tsx calls `hydrateRoot`, React listens to nothing; from then on it handles every
 * event itself, hydrating at once the part of the page a click or a key lands on (ADR-0029).
 *
 * - **Submits.** A form with an `action` has a server route and is left to the browser (Add to
 *   cart posts to /cart, the unlock form to its route). A form without one exists only for the
 *   app (sign-in, registration, addresses, the sign-up forms): sent by the browser it would post
 *   to the page's own URL, which no route answers, or put the shopper's email in a GET query
 *   string. Such a submit is held until the page, deferred regions included
 *   (components/DeferHydration.tsx), has hydrated, then sent again to the app's handler: React
 *   hydrates the part a click, a key or an input lands on before dispatching it, but leaves a
 *   `submit` that reaches a part it has not hydrated to the browser. Where the app already
 *   handles the form it prevents the default first, and nothing is held.
 * - **Clicks on app buttons** (`<button type="button">`: option chips, the cart button, the
 *   menu toggle) do nothing in the server's HTML. They are recorded until React listens and then
 *   replayed.
 * - **Typing** into fields is kept by the browser, but the app's controlled fields hold their
 *   state, not the DOM's value: every field the shopper edited is announced to the app (`input`
 *   and `change` events) before anything is replayed.
 *
 * The first held submit or recorded click starts the app at once (client/entry.tsx). Replays run
 * in order, one task apart, so the app re-renders between them.
 */

/** Dispatched on `window` by client/start.tsx right after calling hydrateRoot: React listens. */
export const APP_LISTENING_EVENT = 'app:listening';
/** Dispatched on `window` by client/start.tsx once the page and its deferred regions have hydrated. */
export const APP_HYDRATED_EVENT = 'app:hydrated';

/** Tells the entry React listens to the page's events (hydrateRoot has been called). */
export function announceListening(): void {
  window.dispatchEvent(new Event(APP_LISTENING_EVENT));
}

/**
 * Tells the entry the page and its deferred regions have hydrated; `data-hydrated` on <html>
 * then says so to styles and to browser tests.
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

/** Sets `field[prop]` through the prototype's setter, passing over one put on the element itself. */
function setUnobserved(field: HTMLInputElement | HTMLTextAreaElement, prop: 'value' | 'checked', value: string | boolean): void {
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), prop)?.set?.call(field, value);
}

/**
 * Tells the app about every field the shopper edited before it started: its controlled fields
 * hold their state, not the DOM's value, and would otherwise submit (and on their next render
 * show) what the server rendered.
 *
 * React hydrates a field's region for the first event that reaches it, records the value it
 * finds then, and takes an `input` (for a checkbox or radio, a `click`) that leaves that value
 * as recorded for no change. So a first `input` has the field hydrated; then the server's value
 * is set through the element (which React's record follows), the shopper's is put back through
 * the prototype (which it does not), and the event React reads as a change follows. A select's
 * `change` is taken as it comes.
 */
function announceEditedFields(): void {
  for (const field of document.querySelectorAll<Field>('input, textarea, select')) {
    if (!edited(field)) continue;
    if (field instanceof HTMLSelectElement) {
      field.dispatchEvent(new Event('change', { bubbles: true }));
      continue;
    }
    if (field.type === 'file') continue; // its value cannot be set back
    field.dispatchEvent(new Event('input', { bubbles: true }));
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      // A radio the shopper left is announced by the one chosen.
      if (field.type === 'radio' && !field.checked) continue;
      const checked = field.checked;
      field.checked = !checked;
      setUnobserved(field, 'checked', checked);
      // An Event, not a MouseEvent: the browser does not toggle the box for it.
      field.dispatchEvent(new Event('click', { bubbles: true }));
    } else {
      const value = field.value;
      field.value = field.defaultValue;
      setUnobserved(field, 'value', value);
      field.dispatchEvent(new Event('input', { bubbles: true }));
      field.dispatchEvent(new Event('change', { bubbles: true }));
    }
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

/** Runs `steps` in order, each in a task of its own (the app re-renders in between); resolves after the last. */
function inTurn(steps: Array<() => void>): Promise<void> {
  return new Promise((resolve) => {
    const next = () => {
      const step = steps.shift();
      if (!step) return resolve();
      step();
      setTimeout(next, 0);
    };
    setTimeout(next, 0);
  });
}

/**
 * Records clicks on `<button type="button">` until {@link APP_LISTENING_EVENT} and holds submits
 * of app-only forms (no `action`; `aria-busy` meanwhile) until {@link APP_HYDRATED_EVENT}, then
 * replays them. `onHeld` runs on each (the entry starts the app then).
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

  let clicksReplayed: Promise<void> = Promise.resolve();
  document.addEventListener('submit', onSubmit);
  document.addEventListener('click', onClick, true);
  window.addEventListener(
    APP_LISTENING_EVENT,
    () => {
      document.removeEventListener('click', onClick, true);
      announceEditedFields();
      clicksReplayed = inTurn(clicks.map((button) => () => button.isConnected && button.click()));
    },
    { once: true },
  );
  window.addEventListener(
    APP_HYDRATED_EVENT,
    () => {
      document.removeEventListener('submit', onSubmit);
      void clicksReplayed.then(() => inTurn(submits.map((held) => () => resubmit(held))));
    },
    { once: true },
  );
}
