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

/** The variant every tenant has; choosing it clears the stored variant (§4). */
export const DEFAULT_VARIANT = 'default';

/** The tenant whose default theme is the last fallback (specification §4, §9). */
export const DEFAULT_THEME_TENANT = 'pact';

/** Minimum contrast of text against any background it can sit on (WCAG 2.2 AA, 1.4.3). */
export const TEXT_CONTRAST_MIN = 4.5;

/** Minimum contrast of user-interface parts such as borders and focus rings (WCAG 2.2 AA, 1.4.11). */
export const UI_CONTRAST_MIN = 3;
