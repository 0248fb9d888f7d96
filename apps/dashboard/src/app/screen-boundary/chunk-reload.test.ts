import {
  createTestPlatform,
  throwingStorage,
} from '@collective/platform/testing';
import { describe, expect, it } from 'vitest';
import {
  CHUNK_RELOAD_WINDOW_MS,
  isChunkLoadError,
  reloadOnceForChunk,
} from './chunk-reload';

describe('isChunkLoadError', () => {
  it.each([
    'Failed to fetch dynamically imported module: http://x/assets/a.js',
    'error loading dynamically imported module',
    'Importing a module script failed.',
    'Unable to preload CSS for /assets/signed-in-abc.css',
  ])('recognises "%s"', (message) => {
    expect(isChunkLoadError(new TypeError(message))).toBe(true);
  });

  it('leaves other errors alone', () => {
    expect(isChunkLoadError(new Error('Cannot read properties of null'))).toBe(
      false,
    );
    expect(isChunkLoadError('Importing a module script failed.')).toBe(false);
  });
});

describe('reloadOnceForChunk', () => {
  it('reloads once, then refuses for a minute, then may reload again', () => {
    const platform = createTestPlatform();
    expect(reloadOnceForChunk(platform, 1_000)).toBe(true);
    // What the reloaded page sees when the chunk fails again.
    expect(reloadOnceForChunk(platform, 2_000)).toBe(false);
    expect(platform.reloads).toBe(1);
    expect(reloadOnceForChunk(platform, 1_000 + CHUNK_RELOAD_WINDOW_MS)).toBe(
      true,
    );
    expect(platform.reloads).toBe(2);
  });

  it('treats a corrupt or future mark as no mark', () => {
    const platform = createTestPlatform();
    platform.tabStorage.setItem('collective:chunk-reload-at', 'garbage');
    expect(reloadOnceForChunk(platform, 5_000)).toBe(true);
    platform.tabStorage.setItem('collective:chunk-reload-at', '9999999');
    expect(reloadOnceForChunk(platform, 5_000)).toBe(true);
  });

  it('never reloads when the tab cannot keep the mark across a reload, so a broken chunk cannot loop', () => {
    const platform = createTestPlatform({ tabBacking: throwingStorage() });
    expect(reloadOnceForChunk(platform, 1_000)).toBe(false);
    expect(reloadOnceForChunk(platform, 1_000 + CHUNK_RELOAD_WINDOW_MS)).toBe(
      false,
    );
    expect(platform.reloads).toBe(0);
  });
});
