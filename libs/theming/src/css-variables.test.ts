import { describe, expect, it } from 'vitest';
import { ANIMATION_DURATIONS_MS } from './constants';
import { applyTheme, themeVariables } from './css-variables';
import { pactTheme } from './themes/pact';

describe('themeVariables', () => {
  it('maps every colour of the theme to a custom property', () => {
    const vars = themeVariables(pactTheme);
    expect(vars['--color-primary']).toBe('#2E888D');
    expect(vars['--color-text-muted']).toBe(pactTheme.colors.text.muted);
    expect(vars['--color-success-bg']).toBe(pactTheme.colors.successBg);
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
});

describe('applyTheme', () => {
  it('sets the variables and the theme key on the root element', () => {
    const root = document.createElement('html');
    applyTheme(pactTheme, root);
    expect(root.style.getPropertyValue('--color-primary')).toBe('#2E888D');
    expect(root.dataset['theme']).toBe('pact');
  });
});
