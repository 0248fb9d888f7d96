import { describe, expect, it, vi } from 'vitest';
import { PAGE_EVENTS, STORAGE_KEYS } from './keys';
import { createBrowserPlatform, createStaticPlatform } from './platform';

describe('createBrowserPlatform', () => {
  it('reads and writes localStorage through the safe wrapper', () => {
    localStorage.clear();
    const platform = createBrowserPlatform(window);
    platform.storage.setItem(STORAGE_KEYS.token, 't');
    expect(localStorage.getItem('token')).toBe('t');
    localStorage.clear();
  });

  it('reports another tab’s storage changes with their key, null for a clear', () => {
    const platform = createBrowserPlatform(window);
    const listener = vi.fn();
    const stop = platform.onStorageChange(listener);
    window.dispatchEvent(new StorageEvent('storage', { key: 'token' }));
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    window.dispatchEvent(
      new StorageEvent('storage', { key: 'x', storageArea: sessionStorage }),
    );
    stop();
    window.dispatchEvent(new StorageEvent('storage', { key: 'user' }));
    expect(listener.mock.calls).toEqual([['token'], [null]]);
  });

  it('sends page events as window CustomEvents that other code can hear', () => {
    const platform = createBrowserPlatform(window);
    const onWindow = vi.fn();
    window.addEventListener('tenantChanged', onWindow);
    const heard = vi.fn();
    const stop = platform.on(PAGE_EVENTS.tenantChanged, heard);
    platform.emit(PAGE_EVENTS.tenantChanged, { tenant: 'kiehls' });
    stop();
    window.removeEventListener('tenantChanged', onWindow);
    expect(heard).toHaveBeenCalledWith({ tenant: 'kiehls' });
    expect((onWindow.mock.calls[0]?.[0] as CustomEvent).detail).toEqual({
      tenant: 'kiehls',
    });
  });

  it('reports visibility and network changes', () => {
    const platform = createBrowserPlatform(window);
    const visibility = vi.fn();
    const network = vi.fn();
    const stopVisibility = platform.onVisibilityChange(visibility);
    const stopNetwork = platform.onOnlineChange(network);
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('offline'));
    window.dispatchEvent(new Event('online'));
    stopVisibility();
    stopNetwork();
    window.dispatchEvent(new Event('offline'));
    expect(visibility).toHaveBeenCalledWith(platform.isVisible());
    expect(network.mock.calls).toEqual([[false], [true]]);
  });

  it('reads, sets and reports the page scroll of its window', () => {
    const scrollTo = vi.fn();
    const fake = Object.assign(new EventTarget(), {
      document,
      location: window.location,
      scrollY: 240,
      scrollTo,
    }) as unknown as Window;
    const platform = createBrowserPlatform(fake);
    const scrolled = vi.fn();
    const stop = platform.onScroll(scrolled);
    fake.dispatchEvent(new Event('scroll'));
    stop();
    fake.dispatchEvent(new Event('scroll'));
    platform.scrollTo(80);
    expect(platform.scrollY()).toBe(240);
    expect(scrollTo).toHaveBeenCalledWith(0, 80);
    expect(scrolled).toHaveBeenCalledTimes(1);
  });

  it('takes origin, root and reload from the window it is given', () => {
    const reload = vi.fn();
    const fake = {
      ...window,
      document,
      location: { origin: 'https://dash.example.org', reload },
    } as unknown as Window;
    const platform = createBrowserPlatform(fake);
    platform.reload();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(platform.origin).toBe('https://dash.example.org');
    expect(platform.root).toBe(document.documentElement);
  });
});

describe('createStaticPlatform', () => {
  it('stores in memory, hears nothing, and says where it would be', () => {
    const platform = createStaticPlatform('https://dash.example.org');
    platform.storage.setItem('token', 't');
    expect(platform.storage.getItem('token')).toBe('t');
    expect(platform.onStorageChange(() => undefined)).toBeTypeOf('function');
    expect(platform.isVisible() && platform.isOnline()).toBe(true);
    expect(platform.origin).toBe('https://dash.example.org');
    expect(() => platform.root).toThrow(/no document/);
  });
});
