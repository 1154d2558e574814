/**
 * The page's state block `<script type="application/json" id="__STATE__">`: router hydration
 * data, store snapshots, config and the render time. Route errors cross as `{ status, message }` and come back
 * as `RouteError`s, so the error page renders the same on both sides.
 */
import type { HydrationState } from 'react-router';
import { RouteError } from '../../shared/route-data';
import type { StoresSnapshot } from '../stores';
import type { AppConfig } from './app-config';

export const STATE_ELEMENT_ID = '__STATE__';

type SerializedError = { status: number; message: string };

export type AppState = {
  router: { loaderData: Record<string, unknown>; errors: Record<string, SerializedError> | null };
  stores: StoresSnapshot;
  config: AppConfig;
  /** When the server rendered the page, epoch ms: the time the browser hydrates at (lib/use-now.ts). */
  renderedAt: number;
};

/** Router state as plain JSON (errors reduced to status and message). */
export function dehydrateRouter(
  loaderData: Record<string, unknown>,
  errors: Record<string, unknown> | null,
  describe: (error: unknown) => SerializedError,
): AppState['router'] {
  return {
    loaderData,
    errors: errors ? Object.fromEntries(Object.entries(errors).map(([id, error]) => [id, describe(error)])) : null,
  };
}

/** The router's `hydrationData` from the JSON state. */
export function hydrateRouter(router: AppState['router']): HydrationState {
  return {
    loaderData: router.loaderData,
    errors: router.errors ? Object.fromEntries(Object.entries(router.errors).map(([id, e]) => [id, new RouteError(e.status, e.message)])) : null,
  };
}
