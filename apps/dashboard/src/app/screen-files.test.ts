import type { RegisteredRoute } from '@collective/nav';
import type { ScreenLoader } from '@collective/nav/react';
import { describe, expect, it, vi } from 'vitest';
import { withScreenFiles } from './screen-files';

const Screen = () => null;

describe('withScreenFiles', () => {
  it("asks for the route's files before the lazy import, then imports", async () => {
    const calls: string[] = [];
    const load: ScreenLoader = () => {
      calls.push('import');
      return Promise.resolve({ default: Screen });
    };
    const [route] = withScreenFiles(
      [
        {
          path: '/member-management',
          screen: load,
        } as unknown as RegisteredRoute<ScreenLoader>,
      ],
      (path) => calls.push(`preload ${path}`),
    );

    await expect(route?.screen?.()).resolves.toEqual({ default: Screen });
    expect(calls).toEqual(['preload /member-management', 'import']);
  });

  it('keeps redirects and the rest of each route as they are', () => {
    const preload = vi.fn();
    const redirect = {
      path: '/old',
      redirectTo: '/dashboard',
    } as unknown as RegisteredRoute<ScreenLoader>;
    const screen = {
      path: '/dashboard',
      title: 'Dashboard',
      screen: () => Promise.resolve({ default: Screen }),
    } as unknown as RegisteredRoute<ScreenLoader>;

    const [kept, wrapped] = withScreenFiles([redirect, screen], preload);

    expect(kept).toBe(redirect);
    expect(wrapped).toMatchObject({ path: '/dashboard', title: 'Dashboard' });
    expect(wrapped?.screen).not.toBe(screen.screen);
    expect(preload).not.toHaveBeenCalled();
  });

  it('gives the same routes and loaders for the same registry and preload, so lazy screens survive a render started over', () => {
    const registry = [
      {
        path: '/users',
        screen: () => Promise.resolve({ default: Screen }),
      } as unknown as RegisteredRoute<ScreenLoader>,
    ];
    const preload = () => undefined;

    const first = withScreenFiles(registry, preload);
    expect(withScreenFiles(registry, preload)).toBe(first);
    expect(withScreenFiles(registry, preload)[0]?.screen).toBe(
      first[0]?.screen,
    );
    expect(withScreenFiles(registry, () => undefined)).not.toBe(first);
  });

  it('passes a failed import on, so the screen boundary can offer a reload', async () => {
    const failure = new Error('Failed to fetch dynamically imported module');
    const [route] = withScreenFiles(
      [
        {
          path: '/users',
          screen: () => Promise.reject(failure),
        } as unknown as RegisteredRoute<ScreenLoader>,
      ],
      () => undefined,
    );
    await expect(route?.screen?.()).rejects.toBe(failure);
  });

  it('imports once while an import is under way (the first data and the lazy screen), and again after a failure', async () => {
    const failure = new Error('Failed to fetch dynamically imported module');
    const load = vi
      .fn<ScreenLoader>()
      .mockRejectedValueOnce(failure)
      .mockResolvedValue({ default: Screen });
    const [route] = withScreenFiles(
      [
        {
          path: '/users',
          screen: load,
        } as unknown as RegisteredRoute<ScreenLoader>,
      ],
      () => undefined,
    );
    const first = route?.screen?.();
    expect(route?.screen?.()).toBe(first);
    await expect(first).rejects.toBe(failure);
    expect(load).toHaveBeenCalledTimes(1);

    await expect(route?.screen?.()).resolves.toEqual({ default: Screen });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
