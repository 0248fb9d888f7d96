import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { themeBootScript } from './boot-script';
import { applyTheme } from './css-variables';
import { resolveThemeKey } from './resolve-theme';
import { THEME_KEYS } from './theme-definition';
import { THEMES } from './themes';

/** Runs the snippet as a browser would, with the given globals. */
function run(
  script: string,
  root: HTMLElement,
  storage: Pick<Storage, 'getItem'>,
): void {
  new Function('document', 'localStorage', script)(
    { documentElement: root },
    storage,
  );
}

function storageOf(values: Record<string, string | null>) {
  return {
    getItem: (key: string) =>
      Object.prototype.hasOwnProperty.call(values, key)
        ? (values[key] ?? null)
        : null,
  };
}

function inlineStyle(root: HTMLElement): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of Array.from(root.style)) {
    out[name] = root.style.getPropertyValue(name);
  }
  return out;
}

const script = themeBootScript();

afterEach(() => {
  localStorage.clear();
  document.documentElement.removeAttribute('style');
  document.documentElement.removeAttribute('data-theme');
});

describe('themeBootScript', () => {
  it.each(THEME_KEYS)('sets exactly what applyTheme sets for %s', (key) => {
    const { tenant, variant } = THEMES[key];
    const booted = document.createElement('html');
    run(
      script,
      booted,
      storageOf({ activeTenant: tenant, themeVariant: variant }),
    );
    const applied = document.createElement('html');
    applyTheme(THEMES[key], applied);
    expect(booted.dataset['theme']).toBe(key);
    expect(inlineStyle(booted)).toEqual(inlineStyle(applied));
  });

  it('runs against the real page globals', () => {
    localStorage.setItem('activeTenant', 'kiehls');
    localStorage.setItem('themeVariant', 'pentatonic');
    // Indirect eval runs the snippet in global scope, as an inline <script>.
    (0, eval)(script);
    const root = document.documentElement;
    expect(root.dataset['theme']).toBe('kiehls-pentatonic');
    expect(root.style.getPropertyValue('--color-primary')).toBe('#00FBA9');
  });

  it('resolves any stored strings exactly as resolveThemeKey does', () => {
    const stored = fc.option(
      fc.oneof(
        fc.string(),
        fc.constantFrom(
          'pact',
          'kiehls',
          'default',
          'new',
          'modern',
          'pentatonic',
          'pentatonic-dark',
          '__proto__',
          'constructor',
          'hasOwnProperty',
        ),
      ),
      { nil: null },
    );
    fc.assert(
      fc.property(stored, stored, (tenant, variant) => {
        const root = document.createElement('html');
        run(
          script,
          root,
          storageOf({ activeTenant: tenant, themeVariant: variant }),
        );
        expect(root.dataset['theme']).toBe(resolveThemeKey(tenant, variant));
      }),
    );
  });

  it('applies pact when localStorage throws', () => {
    const root = document.createElement('html');
    run(script, root, {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    expect(root.dataset['theme']).toBe('pact');
    expect(root.style.getPropertyValue('--color-primary')).toBe('#2E888D');
  });

  it('never throws, even without a usable document', () => {
    expect(() =>
      new Function('document', 'localStorage', script)(undefined, undefined),
    ).not.toThrow();
  });

  it('stays small and plain ES5 so it can be inlined before the first paint', () => {
    // All eight themes: about 5 KB as written, under 2 KB as the server sends it.
    expect(script.length).toBeLessThan(6 * 1024);
    expect(gzipSync(script).length).toBeLessThan(2 * 1024);
    const code = script.replace(/"(?:[^"\\]|\\.)*"/g, '""');
    expect(code).not.toMatch(/=>|`|\.\.\.|\b(let|const|class)\b/);
    expect(code).not.toContain('</');
  });

  it('is the same for the same definitions, so a CSP hash stays valid', () => {
    expect(themeBootScript()).toBe(script);
  });
});
