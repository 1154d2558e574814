/**
 * "Now" for what a page renders from the time (the footer's year, a product's drop state).
 *
 * The server renders at one time and the browser hydrates later: seconds later, up to the page
 * cache's stale window later (docs/architecture.md §8 Origin page cache), or on a clock of its
 * own. Read during hydration, the browser's clock could render other text than the server's
 * HTML, which React reports as a hydration error and answers by rendering the region afresh.
 * So, as React intends for a value that differs between server and browser
 * (`useSyncExternalStore`'s `getServerSnapshot`): the server renders at its render time, which
 * travels in the state block (`AppState.renderedAt`, also a cached page's original one); the
 * browser hydrates at that same time and then moves to its own clock in an ordinary update,
 * without a hydration error.
 */
import { createContext, useContext, useSyncExternalStore } from 'react';

const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;

/** The server's render time, epoch ms (`AppState.renderedAt`); provided by AppProviders. */
export const RenderedAtContext = createContext<number | null>(null);

/** The start (epoch ms) of the `stepMs`-long step, counted from the epoch, that `ms` falls in. */
const stepStart = (ms: number, stepMs: number) => Math.floor(ms / stepMs) * stepMs;

type Clock = { subscribe: (listener: () => void) => () => void; getSnapshot: () => number };

/**
 * The browser's clock in steps of `stepMs`: its snapshot is the start of the current step
 * (epoch ms), so it stays the same value (as useSyncExternalStore requires) until the step
 * ends. While anything is subscribed, one timer shared by all subscribers wakes at each step's
 * end and tells them; with no subscriber there is no timer.
 */
function createClock(stepMs: number): Clock {
  const read = () => stepStart(Date.now(), stepMs);
  const listeners = new Set<() => void>();
  let current = read();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    timer = setTimeout(tick, stepMs - (Date.now() % stepMs));
  };
  function tick() {
    arm();
    const next = read();
    if (next === current) return; // woken early: the step has not ended yet
    current = next;
    for (const listener of [...listeners]) listener();
  }
  return {
    subscribe: (listener) => {
      listeners.add(listener);
      if (listeners.size === 1) {
        // Nothing kept `current` up to date while no one listened; React compares the snapshot
        // it rendered with after subscribing.
        current = read();
        arm();
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) clearTimeout(timer);
      };
    },
    getSnapshot: () => {
      if (listeners.size === 0) current = read();
      return current;
    },
  };
}

const clocks = new Map<number, Clock>();

function clockOf(stepMs: number): Clock {
  let clock = clocks.get(stepMs);
  if (!clock) clocks.set(stepMs, (clock = createClock(stepMs)));
  return clock;
}

/**
 * The current time, epoch ms, to render from, rounded down to a multiple of `granularityMs`: on
 * the server and while the browser hydrates, the server's render time; afterwards the browser's
 * clock, updated (re-rendering the caller) when the next multiple comes. A rule that changes on
 * a whole minute (or hour) changes on time, never early; and a page hydrated within the step it
 * was rendered in does not render again. Call it in the component that shows the time-dependent
 * part: each update re-renders the caller, and a re-render hydrates the deferred regions under
 * it at once (components/DeferHydration.tsx).
 * @throws Error on the server outside AppProviders (no render time to render at)
 */
export function useNow(granularityMs: number = MINUTE_MS): number {
  const renderedAt = useContext(RenderedAtContext);
  const clock = clockOf(granularityMs);
  return useSyncExternalStore(clock.subscribe, clock.getSnapshot, () => {
    if (renderedAt === null) throw new Error('useNow: no render time (AppProviders renderedAt)');
    return stepStart(renderedAt, granularityMs);
  });
}
