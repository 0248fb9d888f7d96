/** Animation durations of specification §9, in milliseconds. */
export const ANIMATION_DURATIONS_MS = {
  instant: 50,
  fast: 150,
  normal: 200,
  slow: 300,
  slower: 500,
  slowest: 700,
} as const;

/** Delay before the theme is re-applied after a storage change or a tenantChanged event (§4, §9). */
export const THEME_REFRESH_DELAY_MS = 100;
