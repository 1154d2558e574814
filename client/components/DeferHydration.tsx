/**
 * Progressive hydration (ADR-0024, ADR-0029): a region of the server's HTML that React hydrates
 * after the rest of the page, not in the app's first hydration task.
 *
 * Hydrating the whole page at once is the longest task of the app's start, and Lighthouse counts
 * every millisecond of a task past 50 as blocking time. Regions the shopper cannot use in the
 * first moments (the desktop navigation's dropdowns, hidden on phones; the footer; related
 * products below the fold) are wrapped in this component, a Suspense boundary. React's
 * `hydrateRoot` hydrates the page around a server-rendered boundary in one task and leaves the
 * boundary's server DOM in place ("dehydrated"); it hydrates it later at its lowest priority, in
 * slices of about 5 ms between which the browser runs other tasks. Until then the region is the
 * server's HTML: readable, its links work. Two things hydrate a region at once: a discrete event
 * in it (a click, a key, an input: React hydrates the region synchronously, then dispatches the
 * event to it), and a re-render of its parent (the new props are applied to hydrated DOM).
 *
 * On the server, on client-side navigations and for anything mounted after the first hydration,
 * this is a plain Suspense boundary around the children (nothing in them suspends on the server:
 * the loaders ran before).
 *
 * client/start.tsx calls {@link beginInitialHydration} before hydrateRoot and learns when the
 * page and every deferred region in it have hydrated (`<html data-hydrated>` and the early-input
 * replay of held submits wait for that: lib/early-input.ts).
 */
import { Suspense, useEffect, useId, type ReactNode } from 'react';

/** True from {@link beginInitialHydration} until the page around the deferred regions has hydrated. */
let initialHydration = false;
/** Whether the page around the deferred regions has hydrated (its effects have run). */
let pageHydrated = false;
/** The deferred regions (their `useId`) of the first hydration that have not hydrated yet. */
const pendingRegions = new Set<string>();
/** The regions whose content has hydrated or mounted. */
const doneRegions = new Set<string>();
/** Resolve the `page` and `complete` promises of {@link beginInitialHydration}; null before it is called. */
let pageSettle: (() => void) | null = null;
let settle: (() => void) | null = null;

/** Resolves the first hydration once the page and every region of it have hydrated. */
function settleIfDone(): void {
  if (!pageHydrated || pendingRegions.size > 0) return;
  settle?.();
  settle = null;
}

/** Marks `region` no longer waited for: hydrated, or gone. */
function regionDone(region: string): void {
  pendingRegions.delete(region);
  settleIfDone();
}

/** The region's content: its effect runs once React has hydrated (or mounted) the region. */
function Hydrated({ region, children }: { region: string; children: ReactNode }) {
  useEffect(() => {
    doneRegions.add(region);
    regionDone(region);
  }, [region]);
  return children;
}

export function DeferHydration({ children }: { children: ReactNode }) {
  // Registered when the page commits (renders React throws away, as a hydration that failed,
  // register nothing), in the effect that runs after its content's, if that was committed too.
  const region = useId();
  useEffect(() => {
    if (initialHydration && !doneRegions.has(region)) pendingRegions.add(region);
    // A region removed before React hydrated it (a navigation in the meantime) is not waited for.
    return () => regionDone(region);
  }, [region]);
  return (
    <Suspense fallback={null}>
      <Hydrated region={region}>{children}</Hydrated>
    </Suspense>
  );
}

/**
 * Wraps the hydrated tree (its one child, so React's ids stay those of the server's tree): its
 * effect runs once React has hydrated the page around the deferred regions.
 */
function InitialHydration({ children }: { children: ReactNode }) {
  useEffect(() => {
    initialHydration = false;
    pageHydrated = true;
    pageSettle?.();
    settleIfDone();
  }, []);
  return children;
}

/**
 * Starts tracking the first hydration. Call it right before hydrateRoot and hydrate `wrap(app)`.
 * `page` resolves once React has hydrated the page around the deferred regions (its effects have
 * run); `complete` once every deferred region of it has hydrated too (a region removed first is
 * not waited for).
 */
export function beginInitialHydration(): { wrap: (app: ReactNode) => ReactNode; page: Promise<void>; complete: Promise<void> } {
  initialHydration = true;
  const page = new Promise<void>((resolve) => (pageSettle = resolve));
  const complete = new Promise<void>((resolve) => (settle = resolve));
  return { wrap: (app) => <InitialHydration>{app}</InitialHydration>, page, complete };
}
