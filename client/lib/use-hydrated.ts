/**
 * Whether this render runs in the browser after hydration: false on the server and while
 * hydrating (so the first browser render matches the server's HTML), true afterwards and on
 * client-side navigations. For what the CDN-cached HTML must not hold (the cart, the customer).
 */
import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => undefined;

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}
