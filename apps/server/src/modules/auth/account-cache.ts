/**
 * What every signed-in request needs about its account (verified token claims, the live session with its user row, the
 * linked WeChat identities), kept in process so the hot path does not go to the database (ADR 009).
 *
 * Correctness rests on eviction, not on the TTL: every write to an account evicts that user here at once (the
 * repositories call `evictUser`), and the database announces every such change to every instance (LISTEN/NOTIFY,
 * migration 0005), which evicts again after the commit. The TTL only bounds the damage of a notification lost while
 * the listening connection was down, and the listener clears everything when it reconnects.
 */
export interface AccountCacheOptions {
  /** 0 turns the cache off: every request reads the database. */
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}

interface Entry {
  userId: string;
  value: unknown;
  storedAt: number;
}

export function createAccountCache(o: AccountCacheOptions) {
  const now = o.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const keysOfUser = new Map<string, Set<string>>();
  // Bumped by every eviction: a load that overlapped one may have read the old rows, so its result is not kept.
  let evictions = 0;

  const drop = (key: string) => {
    const e = entries.get(key);
    if (!e) return;
    entries.delete(key);
    const keys = keysOfUser.get(e.userId);
    keys?.delete(key);
    if (keys?.size === 0) keysOfUser.delete(e.userId);
  };

  const store = (userId: string, key: string, value: unknown) => {
    drop(key);
    // Oldest first: a Map iterates in insertion order, so this is FIFO eviction at the size bound.
    while (entries.size >= o.maxEntries) drop(entries.keys().next().value!);
    entries.set(key, { userId, value, storedAt: now() });
    let keys = keysOfUser.get(userId);
    if (!keys) keysOfUser.set(userId, (keys = new Set()));
    keys.add(key);
  };

  /** The entry for `key` if it is young enough and the caller still accepts it. */
  const fresh = (key: string, stillValid: (v: never) => boolean) => {
    const hit = entries.get(key);
    return hit && now() - hit.storedAt < o.ttlMs && stillValid(hit.value as never) ? hit : undefined;
  };

  return {
    /**
     * The cached value for `key` (owned by `userId`), or `load()`'s result, kept unless an eviction happened meanwhile.
     * `stillValid` lets a caller reject a hit that has gone stale by itself (an expired session).
     */
    async getOrLoad<T>(userId: string, key: string, load: () => Promise<T>, stillValid: (v: T) => boolean = () => true): Promise<T> {
      if (o.ttlMs <= 0) return load();
      const hit = fresh(key, stillValid);
      if (hit?.userId === userId) return hit.value as T;
      const before = evictions;
      const value = await load();
      if (before === evictions) store(userId, key, value);
      return value;
    },
    /** Like getOrLoad for a value whose owner is only known once loaded (a token's claims); misses are not kept. */
    async getOrLoadOwned<T extends { userId: string }>(
      key: string,
      load: () => Promise<T | null>,
      stillValid: (v: T) => boolean,
    ): Promise<T | null> {
      if (o.ttlMs <= 0) return load();
      const hit = fresh(key, stillValid);
      if (hit) return hit.value as T;
      const value = await load();
      if (value) store(value.userId, key, value);
      return value;
    },
    evictUser(userId: string) {
      evictions++;
      for (const key of [...(keysOfUser.get(userId) ?? [])]) drop(key);
    },
    clear() {
      evictions++;
      entries.clear();
      keysOfUser.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
export type AccountCache = ReturnType<typeof createAccountCache>;

/** The NOTIFY channel migration 0005's triggers announce account changes on (payload: the user's id). */
export const ACCOUNT_CHANNEL = 'lingxi_account';
