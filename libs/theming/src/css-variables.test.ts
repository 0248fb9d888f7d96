import { describe, expect, it } from 'vitest';
import { ANIMATION_DURATIONS_MS } from './constants';
import { applyTheme, rootStyle, themeVariables } from './css-variables';
import { THEME_KEYS } from './theme-definition';
import { THEMES } from './themes';
import { pactTheme } from './themes/pact';

describe('themeVariables', () => {
  it('maps every colour of the theme to a custom property', () => {
    const vars = themeVariables(pactTheme);
    expect(vars['--color-primary']).toBe('#2E888D');
    expect(vars['--color-text-muted']).toBe(pactTheme.colors.text.muted);
    expect(vars['--color-success-bg']).toBe(pactTheme.colors.successBg);
    expect(vars['--color-focus-ring']).toBe(pactTheme.colors.focusRing);
  });

  it('exposes the six animation durations of the specification', () => {
    const vars = themeVariables(pactTheme);
    expect(Object.values(ANIMATION_DURATIONS_MS)).toEqual([
      50, 150, 200, 300, 500, 700,
    ]);
    for (const [name, ms] of Object.entries(ANIMATION_DURATIONS_MS)) {
      expect(vars[`--duration-${name}`]).toBe(`${ms}ms`);
    }
  });

  it('gives every theme the same set of variables, so switching leaves none stale', () => {
    const names = Object.keys(themeVariables(pactTheme)).sort();
    for (const key of THEME_KEYS) {
      expect(Object.keys(themeVariables(THEMES[key])).sort()).toEqual(names);
    }
  });

  it('turns logoInvert into the --logo-filter the shell applies to the logo', () => {
    expect(
      themeVariables(THEMES['pact-pentatonic-dark'])['--logo-filter'],
    ).toBe('invert(1)');
    expect(themeVariables(THEMES.kiehls)['--logo-filter']).toBe('none');
  });
});

describe('applyTheme', () => {
  it('sets the variables and the theme key on the root element', () => {
    const root = document.createElement('html');
    applyTheme(pactTheme, root);
    expect(root.style.getPropertyValue('--color-primary')).toBe('#2E888D');
    expect(root.dataset['theme']).toBe('pact');
    expect(root.style.colorScheme).toBe('light');
  });

  it('replaces every value of the previous theme and sets a dark color-scheme for dark themes', () => {
    const root = document.createElement('html');
    applyTheme(pactTheme, root);
    const dark = THEMES['kiehls-pentatonic-dark'];
    applyTheme(dark, root);
    for (const [name, value] of Object.entries(rootStyle(dark))) {
      expect(root.style.getPropertyValue(name)).toBe(value);
    }
    expect(root.style.colorScheme).toBe('dark');
    expect(root.dataset['theme']).toBe('kiehls-pentatonic-dark');
  });
});
