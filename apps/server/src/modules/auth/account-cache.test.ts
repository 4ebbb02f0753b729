import { describe, expect, it } from 'vitest';
import { createAccountCache } from './account-cache';

const counter = <T>(value: T) => {
  const load = async () => {
    load.calls++;
    return value;
  };
  load.calls = 0;
  return load;
};

describe('account cache', () => {
  it('loads once and answers from memory until the user is evicted', async () => {
    const cache = createAccountCache({ ttlMs: 60_000, maxEntries: 10 });
    const load = counter('row');
    expect(await cache.getOrLoad('u1', 'session:a', load)).toBe('row');
    expect(await cache.getOrLoad('u1', 'session:a', load)).toBe('row');
    expect(load.calls).toBe(1);
    cache.evictUser('u2');
    await cache.getOrLoad('u1', 'session:a', load);
    expect(load.calls).toBe(1);
    cache.evictUser('u1');
    await cache.getOrLoad('u1', 'session:a', load);
    expect(load.calls).toBe(2);
  });

  it('evicts every key a user owns, and clear() drops everyone', async () => {
    const cache = createAccountCache({ ttlMs: 60_000, maxEntries: 10 });
    const session = counter({ name: 'a' });
    const wechat = counter(['id']);
    const other = counter('x');
    await cache.getOrLoad('u1', 'session:a', session);
    await cache.getOrLoad('u1', 'wechat:u1', wechat);
    await cache.getOrLoad('u2', 'session:b', other);
    cache.evictUser('u1');
    expect(cache.size).toBe(1);
    await cache.getOrLoad('u1', 'session:a', session);
    await cache.getOrLoad('u1', 'wechat:u1', wechat);
    expect([session.calls, wechat.calls]).toEqual([2, 2]);
    cache.clear();
    await cache.getOrLoad('u2', 'session:b', other);
    expect(other.calls).toBe(2);
  });

  it('does not keep a value loaded while an eviction happened (it may predate the change)', async () => {
    const cache = createAccountCache({ ttlMs: 60_000, maxEntries: 10 });
    let release!: () => void;
    const slow = async () => {
      await new Promise<void>((r) => (release = r));
      return 'old';
    };
    const pending = cache.getOrLoad('u1', 'session:a', slow);
    cache.evictUser('u1');
    release();
    expect(await pending).toBe('old');
    const fresh = counter('new');
    expect(await cache.getOrLoad('u1', 'session:a', fresh)).toBe('new');
    expect(fresh.calls).toBe(1);
  });

  it('reloads after the TTL and when a hit is no longer valid by itself', async () => {
    let t = 0;
    const cache = createAccountCache({ ttlMs: 1000, maxEntries: 10, now: () => t });
    const load = counter({ expiresAt: 500 });
    const valid = (v: { expiresAt: number }) => v.expiresAt > t;
    await cache.getOrLoad('u1', 'k', load, valid);
    t = 400;
    await cache.getOrLoad('u1', 'k', load, valid);
    expect(load.calls).toBe(1);
    t = 600;
    await cache.getOrLoad('u1', 'k', load, valid);
    expect(load.calls).toBe(2);
    t = 1700;
    await cache.getOrLoad('u1', 'k', load, () => true);
    expect(load.calls).toBe(3);
  });

  it('keeps owned values only when found, under the owner they name', async () => {
    const cache = createAccountCache({ ttlMs: 60_000, maxEntries: 10 });
    const missing = counter(null);
    expect(await cache.getOrLoadOwned('token:bad', missing, () => true)).toBeNull();
    expect(await cache.getOrLoadOwned('token:bad', missing, () => true)).toBeNull();
    expect(missing.calls).toBe(2);
    const claims = counter({ userId: 'u1', sessionId: 's' });
    await cache.getOrLoadOwned('token:good', claims, () => true);
    await cache.getOrLoadOwned('token:good', claims, () => true);
    expect(claims.calls).toBe(1);
    cache.evictUser('u1');
    await cache.getOrLoadOwned('token:good', claims, () => true);
    expect(claims.calls).toBe(2);
  });

  it('stays within its size bound, dropping the oldest entries first', async () => {
    const cache = createAccountCache({ ttlMs: 60_000, maxEntries: 3 });
    for (const k of ['a', 'b', 'c', 'd']) await cache.getOrLoad(`u-${k}`, k, counter(k));
    expect(cache.size).toBe(3);
    const a = counter('a');
    const d = counter('d');
    await cache.getOrLoad('u-d', 'd', d);
    await cache.getOrLoad('u-a', 'a', a);
    expect([a.calls, d.calls]).toEqual([1, 0]);
  });

  it('with a TTL of 0 always asks the loader', async () => {
    const cache = createAccountCache({ ttlMs: 0, maxEntries: 10 });
    const load = counter('row');
    await cache.getOrLoad('u1', 'k', load);
    await cache.getOrLoad('u1', 'k', load);
    expect(load.calls).toBe(2);
    expect(cache.size).toBe(0);
  });
});
