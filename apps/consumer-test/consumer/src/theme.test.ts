/**
 * A tool of the collective that is not the dashboard themes its own page with
 * @collective/theming, without React: the CSS variables on <html>, the
 * controller that follows the stored tenant and variant, and the boot snippet
 * for a page rendered on the server.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createBrowserPlatform, STORAGE_KEYS } from '@collective/platform';
import {
  applyTheme,
  createThemeController,
  resolveThemeKey,
  THEME_KEYS,
  THEMES,
  themeBootScript,
  themeVariables,
  type ThemeDefinition,
  type ThemeKey,
} from '@collective/theming';
import { JSDOM } from 'jsdom';
// Only the entry points in `exports` exist for a consumer (nodenext resolution):
// @ts-expect-error -- a deep import into the build is not part of the package.
import type {} from '@collective/theming/dist/index.js';

const PAGE = '<!doctype html><html lang="en"><head></head><body></body></html>';
const URL_OF_PAGE = 'https://tools.collective.example/';

/** A page of another tool: jsdom's window is the browser's for the libraries. */
function page(options: { runScripts?: 'dangerously' } = {}) {
  const dom = new JSDOM(PAGE, { url: URL_OF_PAGE, ...options });
  // jsdom's DOMWindow types `top` and `self` differently from lib.dom's Window.
  const window = dom.window as unknown as Window;
  // createBrowserPlatform(window).emit builds its event with the global
  // CustomEvent, not window.CustomEvent: one and the same in a browser, but
  // Node's own in Node, which jsdom's dispatchEvent refuses. Give Node
  // jsdom's, as a jsdom set-up for a browser library usually does.
  globalThis.CustomEvent = dom.window.CustomEvent;
  return { dom, window, root: window.document.documentElement };
}

/** The inline style of an element as property → value, whatever the order of declaration. */
function declarations(element: HTMLElement): Map<string, string> {
  const style = element.style;
  return new Map(
    Array.from({ length: style.length }, (_, index) => style.item(index))
      .sort()
      .map((name) => [name, style.getPropertyValue(name)]),
  );
}

describe('@collective/theming in a page without React', () => {
  it('applies a theme as CSS custom properties and data-theme on <html>', () => {
    const { root } = page();
    const theme: ThemeDefinition = THEMES['pact-pentatonic-dark'];

    applyTheme(theme, root);

    assert.equal(root.dataset['theme'], 'pact-pentatonic-dark');
    assert.equal(root.style.getPropertyValue('--color-primary'), '#00FBA9');
    assert.equal(root.style.getPropertyValue('color-scheme'), 'dark');
    assert.equal(root.style.getPropertyValue('--logo-filter'), 'invert(1)');
    for (const [name, value] of Object.entries(themeVariables(theme))) {
      assert.equal(root.style.getPropertyValue(name), value, name);
    }
  });

  it("resolves the stored tenant and variant and keeps the page's theme in step", () => {
    const { window, root } = page();
    window.localStorage.setItem(STORAGE_KEYS.activeTenant, 'kiehls');
    window.localStorage.setItem(STORAGE_KEYS.themeVariant, 'pentatonic-dark');

    const controller = createThemeController({
      platform: createBrowserPlatform(window),
    });
    try {
      const key: ThemeKey = controller.getState().key;
      assert.equal(key, 'kiehls-pentatonic-dark');
      assert.equal(root.dataset['theme'], 'kiehls-pentatonic-dark');
      assert.equal(root.style.getPropertyValue('color-scheme'), 'dark');
      assert.deepEqual(
        controller.getState().variants.map((option) => option.variant),
        ['default', 'pentatonic', 'pentatonic-dark'],
      );

      controller.setVariant('default');
      assert.equal(root.dataset['theme'], 'kiehls');
      assert.equal(
        root.style.getPropertyValue('--color-primary'),
        THEMES.kiehls.colors.primary,
      );
      assert.equal(root.style.getPropertyValue('color-scheme'), 'light');
      // `default` is the absence of a stored variant.
      assert.equal(
        window.localStorage.getItem(STORAGE_KEYS.themeVariant),
        null,
      );

      assert.throws(() => controller.setVariant('modern'), RangeError);
    } finally {
      controller.dispose();
    }
  });

  it('gives a server-rendered page the same theme before first paint with the boot snippet', () => {
    for (const [tenant, variant] of [
      ['pact', 'modern'],
      ['kiehls', 'pentatonic'],
      ['unknown-tenant', null],
    ] as const) {
      const expected = THEMES[resolveThemeKey(tenant, variant)];
      const reference = page().root;
      applyTheme(expected, reference);

      const { dom, window, root } = page({ runScripts: 'dangerously' });
      window.localStorage.setItem(STORAGE_KEYS.activeTenant, tenant);
      if (variant)
        window.localStorage.setItem(STORAGE_KEYS.themeVariant, variant);
      dom.window.eval(themeBootScript());

      assert.equal(root.dataset['theme'], expected.key);
      assert.deepEqual(declarations(root), declarations(reference));
      assert.ok(declarations(root).size > 50, 'every variable of the theme');
    }
  });

  it('lists every theme key with a definition', () => {
    const keys: readonly ThemeKey[] = THEME_KEYS;
    assert.deepEqual(Object.keys(THEMES).sort(), [...keys].sort());
  });
});
