import { describe, expect, it, vi } from 'vitest';
import { createTestPlatform } from './index';

describe('createTestPlatform', () => {
  it('starts with the given storage and counts reloads', () => {
    const platform = createTestPlatform({ storage: { token: 't' } });
    expect(platform.storage.getItem('token')).toBe('t');
    platform.reload();
    platform.reload();
    expect(platform.reloads).toBe(2);
  });

  it('reports writes of another tab but not its own', () => {
    const platform = createTestPlatform();
    const listener = vi.fn();
    platform.onStorageChange(listener);
    platform.storage.setItem('user', '{}');
    platform.changeFromOtherTab('token', 'other');
    platform.clearFromOtherTab();
    expect(listener.mock.calls).toEqual([['token'], [null]]);
    expect(platform.storage.getItem('token')).toBeNull();
  });

  it('records page events and delivers them to listeners', () => {
    const platform = createTestPlatform();
    const heard = vi.fn();
    platform.on('themeChanged', heard);
    platform.emit('themeChanged', { key: 'pact' });
    expect(heard).toHaveBeenCalledWith({ key: 'pact' });
    expect(platform.emitted).toEqual([
      { name: 'themeChanged', detail: { key: 'pact' } },
    ]);
  });

  it('reports visibility and network changes only when they change', () => {
    const platform = createTestPlatform();
    const visibility = vi.fn();
    platform.onVisibilityChange(visibility);
    platform.setVisible(true);
    platform.setVisible(false);
    expect(visibility.mock.calls).toEqual([[false]]);
    expect(platform.isVisible()).toBe(false);
    platform.setOnline(false);
    expect(platform.isOnline()).toBe(false);
  });
});
