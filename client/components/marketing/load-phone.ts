/**
 * The phone formatter (client/lib/phone.ts, with libphonenumber-js's metadata) loaded on
 * demand: a separate chunk, fetched the first time a shopper focuses a phone field or submits
 * one, so pages that never take a phone number never download it.
 */
import type * as Phone from '../../lib/phone';

type PhoneModule = typeof Phone;

let loading: Promise<PhoneModule> | undefined;
let loaded: PhoneModule | null = null;

/** The module, loading it once; a failed load (offline) is retried on the next call. */
export function loadPhone(): Promise<PhoneModule> {
  loading ??= import('../../lib/phone').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The module if it has already loaded, else null. */
export const loadedPhone = (): PhoneModule | null => loaded;
