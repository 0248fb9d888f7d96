import type { Platform } from '@collective/platform';

/** Key in the tab's storage of the last reload made to recover a failed chunk. */
export const CHUNK_RELOAD_KEY = 'collective:chunk-reload-at';

/** A second failure within this time after such a reload shows the error instead. */
export const CHUNK_RELOAD_WINDOW_MS = 60_000;

/**
 * Whether `error` is a failed fetch of a lazily loaded module: after a new
 * deploy the old chunk names are gone (404), or the network dropped.
 * Chromium, Firefox and Safari word it differently; Vite's preload helper
 * reports a chunk's missing stylesheet as "Unable to preload CSS".
 */
export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
      error.message,
    )
  );
}

/**
 * Reloads the page once to pick up the new deploy's chunks, unless this tab
 * already did so in the last minute (then the chunk is really broken and
 * another reload would loop). When the tab's storage cannot keep the mark
 * across a reload (a private mode that refuses `sessionStorage`), it does
 * not reload at all: nothing would stop the next page from reloading again.
 * Returns whether it reloaded.
 */
export function reloadOnceForChunk(
  platform: Pick<Platform, 'tabStorage' | 'reload'>,
  now: number = Date.now(),
): boolean {
  const mark = platform.tabStorage.getItem(CHUNK_RELOAD_KEY);
  const since = now - Number(mark);
  if (mark !== null && since >= 0 && since < CHUNK_RELOAD_WINDOW_MS) {
    return false;
  }
  platform.tabStorage.setItem(CHUNK_RELOAD_KEY, String(now));
  if (platform.tabStorage.isKeptInMemory(CHUNK_RELOAD_KEY)) return false;
  platform.reload();
  return true;
}
