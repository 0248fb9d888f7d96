import { createTestPlatform } from '@collective/platform/testing';
import { act, render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createThemeController,
  type ThemeController,
} from '../theme-controller';
import { ThemeProvider, useTheme } from './theme-provider';

let controller: ThemeController | undefined;
afterEach(() => {
  controller?.dispose();
  controller = undefined;
  vi.useRealTimers();
});

function setup(storage: Record<string, string> = {}) {
  const platform = createTestPlatform({ storage });
  controller = createThemeController({ platform });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ThemeProvider controller={controller as ThemeController}>
      {children}
    </ThemeProvider>
  );
  return { platform, wrapper };
}

function ThemeName() {
  const { key, theme, variant } = useTheme();
  return (
    <p>
      {key} · {theme.name} · {variant}
    </p>
  );
}

describe('useTheme', () => {
  it('says which provider is missing when used outside it', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useTheme())).toThrow(
      'useTheme must be used inside <ThemeProvider>',
    );
  });

  it('gives the key, definition, variants and setVariant of the controller', () => {
    const { platform, wrapper } = setup({ activeTenant: 'kiehls' });
    const { result } = renderHook(() => useTheme(), { wrapper });
    expect(result.current.key).toBe('kiehls');
    expect(result.current.theme.colors.primary).toBe('#00FBA9');
    expect(result.current.variants.map((v) => v.variant)).toEqual([
      'default',
      'pentatonic',
      'pentatonic-dark',
    ]);
    act(() => result.current.setVariant('pentatonic'));
    expect(result.current.key).toBe('kiehls-pentatonic');
    expect(platform.stored.get('themeVariant')).toBe('pentatonic');
  });
});

describe('ThemeProvider', () => {
  it('re-renders when another tab changes the theme, 100 ms after the storage event', () => {
    vi.useFakeTimers();
    const { platform, wrapper } = setup();
    render(<ThemeName />, { wrapper });
    expect(screen.getByText('pact · Pact · default')).toBeInTheDocument();
    act(() => {
      platform.changeFromOtherTab('themeVariant', 'modern');
      vi.advanceTimersByTime(100);
    });
    expect(
      screen.getByText('pact-modern · Pact Modern · modern'),
    ).toBeInTheDocument();
  });
});
