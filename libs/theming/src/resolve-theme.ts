import { DEFAULT_THEME_TENANT, DEFAULT_VARIANT } from './constants';
import type {
  ThemeDefinition,
  ThemeKey,
  ThemeTenant,
  ThemeVariant,
} from './theme-definition';
import { THEMES } from './themes';

const ALL_THEMES: readonly ThemeDefinition[] = Object.values(THEMES);

/** A variant a tenant offers, as a switcher lists it. */
export interface ThemeVariantOption {
  variant: ThemeVariant;
  key: ThemeKey;
  /** Readable name of the theme, e.g. "Pact Modern". */
  name: string;
}

/** Whether `value` is exactly a tenant that has a default theme. */
export function isThemeTenant(value: unknown): value is ThemeTenant {
  return ALL_THEMES.some(
    (t) => t.tenant === value && t.variant === DEFAULT_VARIANT,
  );
}

/** The tenant whose themes apply: the stored one when known, else pact (§4). */
export function resolveThemeTenant(
  storedTenant: string | null | undefined,
): ThemeTenant {
  return isThemeTenant(storedTenant) ? storedTenant : DEFAULT_THEME_TENANT;
}

/** The variants a tenant offers, only those with a definition (decisions D8), `default` first. */
export function variantsFor(tenant: ThemeTenant): ThemeVariantOption[] {
  return ALL_THEMES.filter((t) => t.tenant === tenant).map((t) => ({
    variant: t.variant,
    key: t.key,
    name: t.name,
  }));
}

/**
 * The theme key for the stored `activeTenant` and `themeVariant` (§4): the
 * tenant's theme of that variant when it has one; otherwise the tenant's base
 * theme; an unknown tenant counts as pact. Total: any strings, or none, give
 * a key, and values such as `__proto__` are compared, never looked up.
 */
export function resolveThemeKey(
  storedTenant: string | null | undefined,
  storedVariant: string | null | undefined,
): ThemeKey {
  const tenant = resolveThemeTenant(storedTenant);
  const own = ALL_THEMES.filter((t) => t.tenant === tenant);
  const theme =
    own.find((t) => t.variant === storedVariant) ??
    own.find((t) => t.variant === DEFAULT_VARIANT);
  return theme?.key ?? THEMES[DEFAULT_THEME_TENANT].key;
}

/** The definition of a key. */
export function themeFor(key: ThemeKey): ThemeDefinition {
  return THEMES[key];
}
