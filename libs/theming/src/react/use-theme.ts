import { useEffect } from 'react';
import { applyTheme } from '../css-variables';
import type { ThemeDefinition } from '../theme-definition';

/** Applies `theme` to the document root while the calling component is mounted. */
export function useAppliedTheme(theme: ThemeDefinition): void {
  useEffect(() => applyTheme(theme), [theme]);
}
