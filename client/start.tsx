/**
 * The app's start, loaded by the entry (./entry.tsx) once the server-rendered page has painted:
 * reads the server's JSON state block, rebuilds the stores from their snapshot, hydrates the
 * same route table over the /__payload data source, then loads the signed-in customer (spec §4
 * App start).
 */
import { reaction } from 'mobx';
import { startTransition } from 'react';
import { createBrowserRouter, matchRoutes, type DataRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { identifyShopper, startAnalytics, updateAnalyticsConsent } from './analytics';
import { AppProviders } from './App';
import { clientDataSource } from './data-source';
import { cookieCartId, hasCustomerSession } from './lib/browser-cookies';
import { beginInitialHydration } from './components/DeferHydration';
import { announceHydrated, announceListening } from './lib/early-input';
import { hydrateRouter, STATE_ELEMENT_ID, type AppState } from './lib/hydration';
import { reportClientError } from './lib/report-client-error';
import { createRoutes } from './routes';
import { startClientRuntime } from './runtime';
import { followNavigations, importWithReload } from './runtime/chunk-reload';
import { createStores, type Stores } from './stores';

function readState(): AppState {
  return JSON.parse(document.getElementById(STATE_ELEMENT_ID)?.textContent || 'null') as AppState;
}

/** localStorage, or null where it is unavailable (privacy modes throw on access). */
function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * The matched pages' lazy modules, loaded before hydrating (the server rendered them): the
 * router would otherwise render nothing for them while they load, which would not hydrate.
 */
async function resolveInitialPages(list: RouteObject[]): Promise<void> {
  const lazy = (matchRoutes(list, window.location) ?? []).map((m) => m.route).filter((route) => typeof route.lazy === 'function');
  await Promise.all(
    lazy.map(async (route) => {
      const resolved = await (route.lazy as () => Promise<Partial<RouteObject>>)();
      Object.assign(route, resolved, { lazy: undefined });
    }),
  );
}

/** A new task: what comes after runs once the browser has had the main thread back. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const state = readState();
let routes: RouteObject[];
let stores: Stores;
let router: DataRouter;

// Lighthouse counts every task's time past 50 ms as blocking, and a phone runs this code 4 times
// slower than a laptop: the start runs in tasks of its own, each a few milliseconds here, and
// React hydrates in a transition, in slices of about 5 ms (ADR-0029). A page chunk that could not
// load (and did not reload the page) is left to the router, which tries again and shows the
// error page if it fails.
void nextTask()
  .then(() => {
    routes = createRoutes(clientDataSource);
    // The page's chunk is in the HTML's modulepreload hints: loaded by now, evaluated here.
    return resolveInitialPages(routes).catch(() => undefined);
  })
  .then(nextTask)
  .then(() => {
    stores = createStores(state.stores, {
      storage: browserStorage(),
      cookieCartId,
      hasCustomerSession,
      shippingExcludedTag: state.config.shippingExcludedTag,
      consentSignal: updateAnalyticsConsent,
    });
    return nextTask();
  })
  .then(() => {
    // Spec §7: after the stores, so gtag's queue reads default consent → the stored choice → config.
    startAnalytics(state.config.analytics);
    return nextTask();
  })
  .then(() => {
    router = createBrowserRouter(routes, { hydrationData: hydrateRouter(state.router) });
    // A page chunk that fails during a navigation loads that navigation's target (runtime/chunk-reload.ts).
    followNavigations(router);
    // React DOM is evaluated in a task of its own, apart from the start's module, and without stack
    // traces (ADR-0029 decisions 9 and 10; lib/react-dom-client.ts). The chunk is fetched with the
    // start's (the build's `preload`); one that fails to load reloads the page once.
    return importWithReload(() => import('./lib/react-dom-client'));
  })
  .then(({ hydrateRoot }) => {
    const initial = beginInitialHydration();
    // A transition: React yields to the browser between slices of the hydration, and hydrates at
    // once whatever a click or key lands on first (then replays that event).
    startTransition(() => {
      hydrateRoot(
        document.getElementById('root')!,
        initial.wrap(
          <AppProviders stores={stores} config={state.config} renderedAt={state.renderedAt}>
            <RouterProvider router={router} />
          </AppProviders>,
        ),
        {
          onRecoverableError: (error, info) => reportClientError('recoverable', error, info),
          onUncaughtError: (error, info) => reportClientError('uncaught', error, info),
          onCaughtError: (error, info) => reportClientError('caught', error, info),
        },
      );
    });
    // React listens from now on; the entry replays what the shopper did before (lib/early-input.ts):
    // clicks now, held submits once the page and its deferred regions have hydrated.
    announceListening();
    void initial.complete.then(announceHydrated);
    // What follows changes the stores the page renders from (the customer's `known`), so it
    // waits until React has hydrated the page.
    return initial.page.then(nextTask);
  })
  .then(() => {
    // Spec §1, §2, §4 Build updates: the hourly build poll, the manifest prefetch, link prefetching.
    startClientRuntime(router, state.config.buildId ?? null);
    // Spec §4 App start: the customer is fetched after hydration (the HTML never holds it), and only
    // when the session hint cookie says there is one.
    void stores.customer.load();
    // Klaviyo's profile: the signed-in customer's email while there is one.
    reaction(() => stores.customer.customer?.email ?? null, identifyShopper, { fireImmediately: true });
  });
