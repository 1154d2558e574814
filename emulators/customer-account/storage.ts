/**
 * oidc-provider's storage adapter, in memory and private to one emulator instance: sessions,
 * interactions, grants, codes and tokens end with the process (or `stop`). The library's own
 * in-memory adapter is shared by every provider in the process and warns on each start, hence
 * this one. Interface: oidc-provider's Adapter (`expiresIn` in seconds).
 */
import type { Adapter, AdapterPayload } from 'oidc-provider';

type Entry = { payload: AdapterPayload; expiresAt: number };

/** Models whose artefacts belong to a grant and are revoked with it (e.g. a code replayed). */
const GRANT_MEMBERS = new Set(['AccessToken', 'AuthorizationCode', 'RefreshToken', 'DeviceCode', 'BackchannelAuthenticationRequest']);

/** Expired entries are swept after this many writes (reads skip them anyway). */
const SWEEP_EVERY = 200;

/** A fresh store; pass the returned factory as the provider's `adapter`. */
export function createMemoryAdapter(now: () => number = Date.now): (model: string) => Adapter {
  const entries = new Map<string, Entry>();
  const byUid = new Map<string, string>();
  const byUserCode = new Map<string, string>();
  const grantMembers = new Map<string, Set<string>>();
  let writes = 0;

  const read = (key: string): AdapterPayload | undefined => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry.payload;
  };

  const sweep = () => {
    const t = now();
    for (const [key, entry] of entries) if (entry.expiresAt <= t) entries.delete(key);
    for (const index of [byUid, byUserCode]) {
      for (const [value, key] of index) if (!entries.has(key)) index.delete(value);
    }
    for (const [grantId, keys] of grantMembers) {
      for (const key of keys) if (!entries.has(key)) keys.delete(key);
      if (keys.size === 0) grantMembers.delete(grantId);
    }
  };

  return (model: string): Adapter => {
    const keyOf = (id: string) => `${model}:${id}`;
    return {
      async upsert(id, payload, expiresIn) {
        const key = keyOf(id);
        entries.set(key, { payload, expiresAt: typeof expiresIn === 'number' ? now() + expiresIn * 1000 : Infinity });
        if (model === 'Session' && payload.uid) byUid.set(payload.uid, key);
        if (payload.userCode) byUserCode.set(payload.userCode, key);
        if (GRANT_MEMBERS.has(model) && payload.grantId) {
          const members = grantMembers.get(payload.grantId) ?? new Set<string>();
          grantMembers.set(payload.grantId, members.add(key));
        }
        if (++writes % SWEEP_EVERY === 0) sweep();
      },
      async find(id) {
        return read(keyOf(id));
      },
      async findByUid(uid) {
        const key = byUid.get(uid);
        return key === undefined ? undefined : read(key);
      },
      async findByUserCode(userCode) {
        const key = byUserCode.get(userCode);
        return key === undefined ? undefined : read(key);
      },
      async consume(id) {
        const payload = read(keyOf(id));
        if (payload) payload.consumed = Math.floor(now() / 1000);
      },
      async destroy(id) {
        entries.delete(keyOf(id));
      },
      async revokeByGrantId(grantId) {
        for (const key of grantMembers.get(grantId) ?? []) entries.delete(key);
        grantMembers.delete(grantId);
      },
    };
  };
}
