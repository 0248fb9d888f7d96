import * as v from 'valibot';
import { ANIMATION_DURATIONS_MS } from './constants';
import {
  THEME_KEYS,
  THEME_TENANTS,
  THEME_VARIANTS,
  type ThemeDefinition,
} from './theme-definition';

const color = v.pipe(
  v.string(),
  v.regex(/^#[0-9a-fA-F]{6}$/, 'a colour is written #rrggbb'),
);
const css = v.pipe(v.string(), v.nonEmpty('a CSS value cannot be empty'));
const length = v.pipe(
  v.string(),
  v.regex(/^\d+(\.\d+)?(rem|px|em)$/, 'a length is written like 0.5rem'),
);
const duration = <const N extends number>(ms: N) =>
  v.literal(ms, `the duration is ${ms} ms (specification §9)`);
const d = ANIMATION_DURATIONS_MS;

/**
 * The schema every theme definition must pass: all fields of specification
 * §3, colours as #rrggbb, the six durations of §9, no unknown fields, and a
 * key made of its tenant and variant (`pact`, `pact-new`, ...). A new theme is
 * a new object that passes this schema and the contrast check.
 */
export const ThemeDefinitionSchema = v.pipe(
  v.strictObject({
    key: v.picklist(THEME_KEYS),
    name: v.pipe(v.string(), v.nonEmpty(), v.maxLength(40)),
    tenant: v.picklist(THEME_TENANTS),
    variant: v.picklist(THEME_VARIANTS),
    colors: v.strictObject({
      primary: color,
      primaryHover: color,
      onPrimary: color,
      secondary: color,
      accent: color,
      background: color,
      surface: color,
      surfaceElevated: color,
      text: v.strictObject({ primary: color, secondary: color, muted: color }),
      border: color,
      borderLight: color,
      focusRing: color,
      success: color,
      successBg: color,
      warning: color,
      error: color,
      info: color,
    }),
    gradients: v.strictObject({ primary: css, surface: css }),
    typography: v.strictObject({
      fontFamily: css,
      fontFamilyHeading: css,
      fontSize: v.strictObject({
        xs: length,
        sm: length,
        base: length,
        lg: length,
        xl: length,
        '2xl': length,
      }),
      fontWeight: v.strictObject({
        normal: v.number(),
        medium: v.number(),
        bold: v.number(),
      }),
      lineHeight: v.strictObject({ tight: v.number(), normal: v.number() }),
    }),
    spacing: v.strictObject({
      1: length,
      2: length,
      3: length,
      4: length,
      6: length,
      8: length,
    }),
    shadows: v.strictObject({ sm: css, md: css, lg: css }),
    borderRadius: v.strictObject({
      sm: length,
      md: length,
      lg: length,
      full: length,
    }),
    animation: v.strictObject({
      duration: v.strictObject({
        instant: duration(d.instant),
        fast: duration(d.fast),
        normal: duration(d.normal),
        slow: duration(d.slow),
        slower: duration(d.slower),
        slowest: duration(d.slowest),
      }),
      easing: css,
    }),
    logoInvert: v.boolean(),
  }),
  v.check(
    (t) =>
      t.key ===
      (t.variant === 'default' ? t.tenant : `${t.tenant}-${t.variant}`),
    'the key is the tenant, followed by -variant unless the variant is default',
  ),
);

/**
 * Validates unknown data as a theme definition. Throws an `Error` listing each
 * field at fault with its path (for example `colors.primary: a colour is
 * written #rrggbb`), so a broken theme is fixed where it is written.
 */
export function parseThemeDefinition(data: unknown): ThemeDefinition {
  const result = v.safeParse(ThemeDefinitionSchema, data);
  if (result.success) return result.output;
  const problems = result.issues.map(
    (issue) => `${v.getDotPath(issue) ?? '(theme)'}: ${issue.message}`,
  );
  throw new Error(`Invalid theme definition. ${problems.join('; ')}`);
}
