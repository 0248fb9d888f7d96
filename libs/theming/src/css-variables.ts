import { relativeLuminance } from './contrast';
import type { ThemeDefinition } from './theme-definition';

/**
 * The CSS custom properties a theme sets on the document root. This is the
 * styling contract of every component (ui and features use only these names;
 * docs/decisions/0006-styling-contract.md).
 */
export function themeVariables(
  theme: ThemeDefinition,
): Record<`--${string}`, string> {
  const { colors: c, typography: t } = theme;
  const vars: Record<`--${string}`, string> = {
    '--color-primary': c.primary,
    '--color-primary-hover': c.primaryHover,
    '--color-on-primary': c.onPrimary,
    '--color-secondary': c.secondary,
    '--color-accent': c.accent,
    '--color-background': c.background,
    '--color-surface': c.surface,
    '--color-surface-elevated': c.surfaceElevated,
    '--color-text-primary': c.text.primary,
    '--color-text-secondary': c.text.secondary,
    '--color-text-muted': c.text.muted,
    '--color-border': c.border,
    '--color-border-light': c.borderLight,
    '--color-focus-ring': c.focusRing,
    '--color-success': c.success,
    '--color-success-bg': c.successBg,
    '--color-warning': c.warning,
    '--color-error': c.error,
    '--color-info': c.info,
    '--gradient-primary': theme.gradients.primary,
    '--gradient-surface': theme.gradients.surface,
    '--font-family': t.fontFamily,
    '--font-family-heading': t.fontFamilyHeading,
    '--font-weight-normal': String(t.fontWeight.normal),
    '--font-weight-medium': String(t.fontWeight.medium),
    '--font-weight-bold': String(t.fontWeight.bold),
    '--line-height-tight': String(t.lineHeight.tight),
    '--line-height-normal': String(t.lineHeight.normal),
    '--easing-standard': theme.animation.easing,
    '--logo-filter': theme.logoInvert ? 'invert(1)' : 'none',
  };
  for (const [size, value] of Object.entries(t.fontSize))
    vars[`--font-size-${size}`] = value;
  for (const [step, value] of Object.entries(theme.spacing))
    vars[`--space-${step}`] = value;
  for (const [name, value] of Object.entries(theme.shadows))
    vars[`--shadow-${name}`] = value;
  for (const [name, value] of Object.entries(theme.borderRadius))
    vars[`--radius-${name}`] = value;
  for (const [name, ms] of Object.entries(theme.animation.duration))
    vars[`--duration-${name}`] = `${ms}ms`;
  return vars;
}

/** Whether a theme is dark: its background is closer to black than to white. */
export function isDarkTheme(theme: ThemeDefinition): boolean {
  return relativeLuminance(theme.colors.background) < 0.18;
}

/**
 * Everything `applyTheme` sets as inline style on the root: the variables
 * plus `color-scheme`, so native controls and scrollbars match the theme.
 * The boot snippet sets exactly the same, before the first paint.
 */
export function rootStyle(theme: ThemeDefinition): Record<string, string> {
  return {
    ...themeVariables(theme),
    'color-scheme': isDarkTheme(theme) ? 'dark' : 'light',
  };
}

/**
 * Sets a theme's CSS custom properties and `color-scheme` on `root` (the
 * document element by default) and marks it with `data-theme="<key>"`.
 */
export function applyTheme(
  theme: ThemeDefinition,
  root: HTMLElement = document.documentElement,
): void {
  for (const [name, value] of Object.entries(rootStyle(theme))) {
    root.style.setProperty(name, value);
  }
  root.dataset['theme'] = theme.key;
}
