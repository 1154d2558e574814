/**
 * Progressive hydration (ADR-0024): a region of the server's HTML that is hydrated in a task of
 * its own when the browser is next idle, not in the app's first hydration task.
 *
 * Hydrating the whole page at once is the longest task of the app's start, and Lighthouse counts
 * every millisecond of a task past 50 as blocking time. Regions the shopper cannot use in the
 * first moments (the desktop navigation's dropdowns, hidden on phones; the footer; related
 * products below the fold) are wrapped in this component. While the page hydrates, its child
 * suspends: Preact keeps the region's server-rendered DOM as it is and resumes hydrating it when
 * the gate opens (preact/src/diff/index.js, "resume creating/hydrating into the DOM that was kept
 * while suspended"). Until then the region is the server's HTML: readable, its links work.
 *
 * The wrapped child must render exactly one root element (Preact keeps the first node). On the
 * server, on client-side navigations and for anything mounted after the first hydration, the
 * gate is open and this is a plain Suspense boundary around the children.
 *
 * client/start.tsx calls {@link beginInitialHydration} around hydrateRoot and learns when every
 * deferred region has hydrated (the early-input replay waits for that: lib/early-input.ts).
 */
import { Suspense, use, useState, type ReactNode } from 'react';

/** How long a deferred region waits for an idle moment at most, in ms. */
const DEFERRED_HYDRATION_TIMEOUT_MS = 500;

/** True while client/start.tsx hydrates the server's HTML. */
let initialHydration = false;
/** The gates of the regions deferred during the initial hydration. */
const pendingGates: Promise<void>[] = [];

/** The next idle moment (requestIdleCallback; a new task where the browser has none, as Safari). */
function nextIdle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: DEFERRED_HYDRATION_TIMEOUT_MS });
    else setTimeout(resolve, 0);
  });
}

/** A region's gate: null when it hydrates with the page, else the promise of its turn. */
function createGate(): Promise<void> | null {
  if (!initialHydration) return null;
  const gate = nextIdle();
  pendingGates.push(gate);
  return gate;
}

/** Suspends (`use` of a pending promise) until its gate has opened. */
function Gated({ gate, children }: { gate: Promise<void> | null; children: ReactNode }) {
  if (gate) use(gate);
  return children;
}

export function DeferHydration({ children }: { children: ReactNode }) {
  const [gate] = useState(createGate);
  return (
    <Suspense fallback={null}>
      <Gated gate={gate}>{children}</Gated>
    </Suspense>
  );
}

/**
 * Marks the start of the initial hydration. Call the returned function right after
 * hydrateRoot: it resolves once every region deferred during it has hydrated (the gates have
 * opened and, a task later, Preact's resumed renders have run).
 */
export function beginInitialHydration(): () => Promise<void> {
  initialHydration = true;
  return () => {
    initialHydration = false;
    return Promise.all(pendingGates).then(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
  };
}
