import { describe, expect, it } from 'vitest';
import { SESSION_CACHE_TTL_MS } from '../constants';
import { createSessionCache, type SessionCacheOptions } from './session-cache';
import type { UserRecord } from './users';

const user: UserRecord = {
  id: 1,
  email: 'super@pact.test',
  name: 'Sam Super',
  role: 'super_admin',
  member_id: null,
  member_code: null,
  status: 'active',
  allowed_tenant_id: 1,
  is_pact_staff: true,
};
const HOUR = 60 * 60 * 1000;

function cacheAt(options: Partial<SessionCacheOptions> = {}) {
  const clock = { now: 1_000_000 };
  const cache = createSessionCache(options, () => clock.now);
  const later = (ms: number) => new Date(clock.now + ms);
  return { cache, clock, later };
}

describe('createSessionCache', () => {
  it('keeps a session for 5 seconds by default', () => {
    expect(SESSION_CACHE_TTL_MS).toBe(5_000);
    const { cache, clock, later } = cacheAt();
    cache.set('h1', user, later(HOUR), cache.beginLookup());
    clock.now += 4_999;
    expect(cache.get('h1')).toEqual(user);
    clock.now += 1;
    expect(cache.get('h1')).toBeUndefined();
  });

  it('counts the 5 seconds from the start of the lookup, so a slow query cannot stretch them', () => {
    const { cache, clock, later } = cacheAt();
    const lookup = cache.beginLookup();
    clock.now += 3_000; // the database took 3 s to answer
    cache.set('h1', user, later(HOUR), lookup);
    clock.now += 1_999;
    expect(cache.get('h1')).toEqual(user);
    clock.now += 1;
    expect(cache.get('h1')).toBeUndefined();
  });

  it('never keeps a session past its own expiry', () => {
    const { cache, clock, later } = cacheAt();
    cache.set('h1', user, later(1_000), cache.beginLookup());
    clock.now += 1_000;
    expect(cache.get('h1')).toBeUndefined();
  });

  it('forgets a session at once when told (logout)', () => {
    const { cache, later } = cacheAt();
    cache.set('h1', user, later(HOUR), cache.beginLookup());
    cache.forget('h1');
    expect(cache.get('h1')).toBeUndefined();
  });

  it('does not store a session whose lookup began before it was forgotten', () => {
    const { cache, later } = cacheAt();
    const lookup = cache.beginLookup();
    cache.forget('h1'); // logout finished while the lookup was running
    cache.set('h1', user, later(HOUR), lookup);
    expect(cache.get('h1')).toBeUndefined();
  });

  it('stores a session again when its lookup began after the forget', () => {
    const { cache, later } = cacheAt();
    cache.forget('h1');
    cache.set('h1', user, later(HOUR), cache.beginLookup());
    expect(cache.get('h1')).toEqual(user);
  });

  it('hands out a frozen copy, so a handler cannot change the cached user', () => {
    const { cache, later } = cacheAt();
    cache.set('h1', user, later(HOUR), cache.beginLookup());
    const cached = cache.get('h1');
    expect(Object.isFrozen(cached)).toBe(true);
    expect(cached).not.toBe(user);
  });

  it('drops the oldest entry when full', () => {
    const { cache, later } = cacheAt({ maxEntries: 2 });
    for (const hash of ['a', 'b', 'c']) {
      cache.set(hash, user, later(HOUR), cache.beginLookup());
    }
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toEqual(user);
    expect(cache.get('c')).toEqual(user);
  });

  it('stores nothing with a TTL of 0', () => {
    const { cache, later } = cacheAt({ ttlMs: 0 });
    cache.set('h1', user, later(HOUR), cache.beginLookup());
    expect(cache.get('h1')).toBeUndefined();
  });
});
