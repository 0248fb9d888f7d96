import { createBrowserPlatform } from '@collective/platform';
import {
  createTestPlatform,
  throwingStorage,
  type TestPlatformOptions,
} from '@collective/platform/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { THEME_REFRESH_DELAY_MS } from './constants';
import {
  createThemeController,
  type ThemeChangedDetail,
  type ThemeController,
} from './theme-controller';

function setup(
  initial: Record<string, string> = {},
  options: TestPlatformOptions = {},
) {
  const platform = createTestPlatform({ storage: initial, ...options });
  const { root, stored: map } = platform;
  const controller = createThemeController({ platform });
  const changes = () =>
    platform.emitted
      .filter((e) => e.name === 'themeChanged')
      .map((e) => e.detail as ThemeChangedDetail);
  const primary = () => root.style.getPropertyValue('--color-primary');
  return { platform, map, root, changes, controller, primary };
}

let controller: ThemeController | undefined;
afterEach(() => {
  controller?.dispose();
  controller = undefined;
  vi.useRealTimers();
});

describe('createThemeController', () => {
  it('applies the stored theme at once, without a themeChanged event', () => {
    const t = setup({ activeTenant: 'pact', themeVariant: 'new' });
    controller = t.controller;
    expect(t.primary()).toBe('#3B7CD0');
    expect(t.root.dataset['theme']).toBe('pact-new');
    expect(t.controller.getState()).toMatchObject({
      key: 'pact-new',
      tenant: 'pact',
      variant: 'new',
    });
    expect(t.changes()).toEqual([]);
  });

  it('applies pact when nothing is stored', () => {
    const t = setup();
    controller = t.controller;
    expect(t.primary()).toBe('#2E888D');
    expect(t.controller.getState().variants).toHaveLength(5);
  });

  it('works on the browser platform: localStorage, <html> and window', () => {
    localStorage.setItem('activeTenant', 'kiehls');
    localStorage.setItem('themeVariant', 'pentatonic-dark');
    controller = createThemeController({
      platform: createBrowserPlatform(window),
    });
    expect(document.documentElement.dataset['theme']).toBe(
      'kiehls-pentatonic-dark',
    );
    const seen = vi.fn();
    window.addEventListener('themeChanged', seen);
    controller.setVariant('default');
    window.removeEventListener('themeChanged', seen);
    expect(localStorage.getItem('themeVariant')).toBeNull();
    expect(seen).toHaveBeenCalledTimes(1);
    localStorage.clear();
  });
});

describe('setVariant', () => {
  it('stores the variant, re-applies and emits themeChanged once', () => {
    const t = setup({ activeTenant: 'pact' });
    controller = t.controller;
    t.controller.setVariant('modern');
    expect(t.map.get('themeVariant')).toBe('modern');
    expect(t.primary()).toBe('#0F766E');
    expect(t.changes()).toEqual([
      {
        key: 'pact-modern',
        previousKey: 'pact',
        tenant: 'pact',
        variant: 'modern',
      },
    ]);
  });

  it('clears the stored value for default', () => {
    const t = setup({ activeTenant: 'kiehls', themeVariant: 'pentatonic' });
    controller = t.controller;
    t.controller.setVariant('default');
    expect(t.map.has('themeVariant')).toBe(false);
    expect(t.controller.getState().key).toBe('kiehls');
    expect(t.changes().map((c) => c.key)).toEqual(['kiehls']);
  });

  it('emits nothing when the variant is already in force', () => {
    const t = setup({ themeVariant: 'new' });
    controller = t.controller;
    t.controller.setVariant('new');
    t.controller.setVariant('new');
    expect(t.changes()).toEqual([]);
  });

  it('emits once per actual change over a sequence of choices', () => {
    const t = setup();
    controller = t.controller;
    for (const v of ['new', 'new', 'modern', 'default', 'default', 'new'])
      t.controller.setVariant(v);
    expect(t.changes().map((c) => c.key)).toEqual([
      'pact-new',
      'pact-modern',
      'pact',
      'pact-new',
    ]);
  });

  it('notifies subscribers once per change and hands out a stable state between changes', () => {
    const t = setup();
    controller = t.controller;
    const listener = vi.fn();
    const unsubscribe = t.controller.subscribe(listener);
    const before = t.controller.getState();
    expect(t.controller.getState()).toBe(before);
    t.controller.setVariant('pentatonic');
    t.controller.setVariant('pentatonic');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(t.controller.getState()).not.toBe(before);
    unsubscribe();
    t.controller.setVariant('default');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('reloads the page after storing the choice when switching through the switcher', () => {
    const t = setup();
    controller = t.controller;
    t.controller.switchVariant('new');
    expect(t.map.get('themeVariant')).toBe('new');
    expect(t.platform.reloads).toBe(1);
  });

  it('refuses a variant the tenant does not offer, saying which are', () => {
    const t = setup({ activeTenant: 'kiehls' });
    controller = t.controller;
    expect(() => t.controller.setVariant('modern')).toThrow(
      'The theme variant "modern" is not offered for tenant "kiehls"; choose one of: default, pentatonic, pentatonic-dark.',
    );
    expect(t.map.has('themeVariant')).toBe(false);
    expect(t.changes()).toEqual([]);
  });

  it('applies the choice for this page even when localStorage throws', () => {
    const t = setup({}, { backing: throwingStorage() });
    controller = t.controller;
    expect(t.root.dataset['theme']).toBe('pact');
    controller.setVariant('pentatonic-dark');
    expect(t.root.dataset['theme']).toBe('pact-pentatonic-dark');
  });
});

describe('refresh after storage and tenantChanged events', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it(`re-applies ${THEME_REFRESH_DELAY_MS} ms after a storage change of another tab, not before`, () => {
    const t = setup();
    controller = t.controller;
    t.platform.changeFromOtherTab('themeVariant', 'modern');
    vi.advanceTimersByTime(THEME_REFRESH_DELAY_MS - 1);
    expect(t.primary()).toBe('#2E888D');
    vi.advanceTimersByTime(1);
    expect(t.primary()).toBe('#0F766E');
    expect(t.changes().map((c) => c.key)).toEqual(['pact-modern']);
  });

  it('re-applies 100 ms after a tenantChanged event', () => {
    const t = setup();
    controller = t.controller;
    t.map.set('activeTenant', 'kiehls');
    t.platform.emit('tenantChanged', { tenant: 'kiehls' });
    vi.advanceTimersByTime(99);
    expect(t.root.dataset['theme']).toBe('pact');
    vi.advanceTimersByTime(1);
    expect(t.root.dataset['theme']).toBe('kiehls');
    expect(t.controller.getState().variants.map((v) => v.variant)).toEqual([
      'default',
      'pentatonic',
      'pentatonic-dark',
    ]);
  });

  it('debounces a burst of events into one re-apply and one themeChanged', () => {
    const t = setup();
    controller = t.controller;
    t.map.set('activeTenant', 'kiehls');
    t.platform.emit('tenantChanged', { tenant: 'kiehls' });
    vi.advanceTimersByTime(60);
    t.platform.changeFromOtherTab('themeVariant', 'pentatonic');
    vi.advanceTimersByTime(60);
    expect(t.root.dataset['theme']).toBe('pact');
    vi.advanceTimersByTime(40);
    expect(t.root.dataset['theme']).toBe('kiehls-pentatonic');
    expect(t.changes().map((c) => c.key)).toEqual(['kiehls-pentatonic']);
  });

  it('reacts to a cleared storage (key null) but ignores unrelated keys', () => {
    const t = setup({ themeVariant: 'new' });
    controller = t.controller;
    t.platform.changeFromOtherTab('token', 'x');
    vi.advanceTimersByTime(500);
    expect(vi.getTimerCount()).toBe(0);
    t.platform.clearFromOtherTab();
    vi.advanceTimersByTime(100);
    expect(t.root.dataset['theme']).toBe('pact');
  });

  it('emits nothing when the event leaves the theme as it was', () => {
    const t = setup();
    controller = t.controller;
    t.platform.emit('tenantChanged', { tenant: 'pact' });
    vi.advanceTimersByTime(100);
    expect(t.changes()).toEqual([]);
  });

  it('stops listening and cancels a pending refresh on dispose', () => {
    const t = setup();
    t.map.set('themeVariant', 'new');
    t.platform.emit('tenantChanged', { tenant: 'pact' });
    t.controller.dispose();
    vi.advanceTimersByTime(1000);
    t.platform.emit('tenantChanged', { tenant: 'pact' });
    vi.advanceTimersByTime(1000);
    expect(t.root.dataset['theme']).toBe('pact');
    expect(t.changes()).toEqual([]);
  });
});
