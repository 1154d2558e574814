/**
 * Local state seeded from loader data: the account pages show the Customer the server answered
 * after each change (the loader's copy is then stale), and start again from the loader's value
 * whenever the router brings a new one (navigation, revalidation).
 */
import { useState } from 'react';

export function useSeededState<T>(seed: T): [T, (next: T) => void] {
  const [state, setState] = useState({ seed, value: seed });
  // React's "adjust state while rendering" pattern: a new seed replaces the local value at once.
  if (state.seed !== seed) setState({ seed, value: seed });
  const value = state.seed === seed ? state.value : seed;
  return [value, (next: T) => setState({ seed, value: next })];
}
