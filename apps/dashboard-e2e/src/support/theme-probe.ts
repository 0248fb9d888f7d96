import type { Page } from '@playwright/test';

/** The stored tenant and variant of each theme key, and its primary colour (specification §3, §9). */
export const THEME_CASES = [
  {
    key: 'pact',
    tenant: 'pact',
    variant: null,
    primary: '#2E888D',
    dark: false,
  },
  {
    key: 'pact-new',
    tenant: 'pact',
    variant: 'new',
    primary: '#3B7CD0',
    dark: false,
  },
  {
    key: 'pact-modern',
    tenant: 'pact',
    variant: 'modern',
    primary: '#0F766E',
    dark: false,
  },
  {
    key: 'pact-pentatonic',
    tenant: 'pact',
    variant: 'pentatonic',
    primary: '#00FBA9',
    dark: false,
  },
  {
    key: 'pact-pentatonic-dark',
    tenant: 'pact',
    variant: 'pentatonic-dark',
    primary: '#00FBA9',
    dark: true,
  },
  {
    key: 'kiehls',
    tenant: 'kiehls',
    variant: null,
    primary: '#00FBA9',
    dark: false,
  },
  {
    key: 'kiehls-pentatonic',
    tenant: 'kiehls',
    variant: 'pentatonic',
    primary: '#00FBA9',
    dark: false,
  },
  {
    key: 'kiehls-pentatonic-dark',
    tenant: 'kiehls',
    variant: 'pentatonic-dark',
    primary: '#00FBA9',
    dark: true,
  },
] as const;

/** What the probe saw on <html> in the first frame that had a body. */
export interface FirstFrame {
  /** Inline `--color-primary` of <html>. */
  primary: string;
  /** `data-theme` of <html>. */
  theme: string | null;
  /** Computed `--logo-filter` of <html>. */
  logoFilter: string;
  /** Relative luminance (0–1) of the computed background of <html>. */
  backgroundLuminance: number;
  /**
   * Whether the app's script had run by then: it takes over the sign-in screen
   * rendered into the HTML and removes #root's `data-prerendered` (false too
   * when #root was not parsed yet).
   */
  appStarted: boolean;
}

declare global {
  interface Window {
    __themeFirstFrame?: FirstFrame;
  }
}

/**
 * Records the theme of the first rendered frame. Runs as an init script, so
 * before any script of the page, including the inline boot snippet; its
 * requestAnimationFrame callback runs just before that frame is painted.
 */
export async function installFirstFrameProbe(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const luminance = (css: string): number => {
      const [r = 0, g = 0, b = 0] = (css.match(/[\d.]+/g) ?? []).map(Number);
      const lin = (c: number) => {
        const s = c / 255;
        return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    const record = () => {
      // A frame before <body> exists paints nothing; wait for one with content.
      if (!document.body) {
        requestAnimationFrame(record);
        return;
      }
      const root = document.documentElement;
      const computed = getComputedStyle(root);
      window.__themeFirstFrame = {
        primary: root.style.getPropertyValue('--color-primary'),
        theme: root.getAttribute('data-theme'),
        logoFilter: computed.getPropertyValue('--logo-filter').trim(),
        backgroundLuminance: luminance(computed.backgroundColor),
        // Before #root is parsed the app cannot have run either.
        appStarted: (() => {
          const root = document.getElementById('root');
          return root !== null && !root.hasAttribute('data-prerendered');
        })(),
      };
    };
    requestAnimationFrame(record);
  });
}

/** Stores a tenant and variant in localStorage before the page's own scripts run (every load of `page`). */
export async function storeThemeBeforeLoad(
  page: Page,
  tenant: string,
  variant: string | null,
): Promise<void> {
  await page.addInitScript(
    ([t, v]) => {
      localStorage.setItem('activeTenant', t);
      if (v === null) localStorage.removeItem('themeVariant');
      else localStorage.setItem('themeVariant', v);
    },
    [tenant, variant] as const,
  );
}

/**
 * Holds every script of the app's bundle until the returned function is
 * called, so whatever the first frame shows cannot come from the app.
 */
export async function holdAppBundle(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** The inline `--color-primary` on <html> now. */
export function rootPrimary(page: Page): Promise<string> {
  return page.evaluate(() =>
    document.documentElement.style.getPropertyValue('--color-primary'),
  );
}
