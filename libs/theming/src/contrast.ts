import { TEXT_CONTRAST_MIN, UI_CONTRAST_MIN } from './constants';
import type { ThemeDefinition } from './theme-definition';

/** An sRGB colour with 0–255 channels. */
export interface Rgb {
  r: number;
  g: number;
  b: number;
}

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

/**
 * Parses `#rgb` or `#rrggbb` (any case). Throws a `TypeError` naming the value
 * otherwise, since a theme colour that cannot be measured cannot be trusted.
 */
export function parseHexColor(hex: string): Rgb {
  const match = HEX.exec(hex);
  if (!match?.[1]) {
    throw new TypeError(
      `"${hex}" is not a hex colour; write it as #rrggbb (or #rgb).`,
    );
  }
  const digits =
    match[1].length === 3 ? [...match[1]].map((d) => d + d).join('') : match[1];
  return {
    r: Number.parseInt(digits.slice(0, 2), 16),
    g: Number.parseInt(digits.slice(2, 4), 16),
    b: Number.parseInt(digits.slice(4, 6), 16),
  };
}

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance of a colour, 0 (black) to 1 (white), as WCAG 2.2 defines it. */
export function relativeLuminance(color: string | Rgb): number {
  const { r, g, b } = typeof color === 'string' ? parseHexColor(color) : color;
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG 2.2 contrast ratio of two colours, 1 to 21, independent of their order. */
export function contrastRatio(a: string | Rgb, b: string | Rgb): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** One foreground/background pair of a theme and the contrast it must reach. */
export interface ContrastPair {
  /** What the pair is, e.g. `text.muted on surfaceElevated`. */
  name: string;
  foreground: string;
  background: string;
  /** 4.5 for text, 3 for user-interface parts. */
  minimum: number;
}

/** A pair that falls short, with its measured ratio. */
export interface ContrastFailure extends ContrastPair {
  ratio: number;
}

type Colors = ThemeDefinition['colors'];
type ColorName = Exclude<keyof Colors, 'text'> | `text.${keyof Colors['text']}`;

function pick(colors: Colors, name: ColorName): string {
  return name.startsWith('text.')
    ? colors.text[name.slice(5) as keyof Colors['text']]
    : colors[name as Exclude<keyof Colors, 'text'>];
}

const BACKGROUNDS = ['background', 'surface', 'surfaceElevated'] as const;
const TEXT_ON_BACKGROUNDS: readonly ColorName[] = [
  'text.primary',
  'text.secondary',
  'text.muted',
  'secondary',
  'accent',
  'success',
  'warning',
  'error',
  'info',
];
const TEXT_ON_FILLS: readonly [ColorName, ColorName][] = [
  ['onPrimary', 'primary'],
  ['onPrimary', 'primaryHover'],
  ['success', 'successBg'],
  ['text.primary', 'successBg'],
];
const UI_ON_BACKGROUNDS: readonly ColorName[] = ['border', 'focusRing'];

/**
 * Every pair of a theme that the contrast rule of decisions D8 covers:
 * text colours (text.*, secondary, accent, success, warning, error, info) on
 * background, surface and surfaceElevated; onPrimary on primary and
 * primaryHover; success and text.primary on successBg — all 4.5:1; border
 * and focusRing on the three backgrounds — 3:1. `primary` is a fill only (text
 * on it is onPrimary); `borderLight` is decorative (dividers), so neither is
 * measured against the backgrounds.
 */
export function themeContrastPairs(theme: ThemeDefinition): ContrastPair[] {
  const c = theme.colors;
  const pair = (
    fg: ColorName,
    bg: ColorName,
    minimum: number,
  ): ContrastPair => ({
    name: `${fg} on ${bg}`,
    foreground: pick(c, fg),
    background: pick(c, bg),
    minimum,
  });
  return [
    ...BACKGROUNDS.flatMap((bg) =>
      TEXT_ON_BACKGROUNDS.map((fg) => pair(fg, bg, TEXT_CONTRAST_MIN)),
    ),
    ...TEXT_ON_FILLS.map(([fg, bg]) => pair(fg, bg, TEXT_CONTRAST_MIN)),
    ...BACKGROUNDS.flatMap((bg) =>
      UI_ON_BACKGROUNDS.map((fg) => pair(fg, bg, UI_CONTRAST_MIN)),
    ),
  ];
}

/** The pairs of a theme that miss their minimum contrast; empty when the theme passes. */
export function checkThemeContrast(theme: ThemeDefinition): ContrastFailure[] {
  return themeContrastPairs(theme)
    .map((p) => ({ ...p, ratio: contrastRatio(p.foreground, p.background) }))
    .filter((p) => p.ratio < p.minimum);
}
