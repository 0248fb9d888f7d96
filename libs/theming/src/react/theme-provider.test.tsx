import { act, render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createThemeController,
  type ThemeController,
} from '../theme-controller';
import { ThemeProvider } from './theme-provider';
import { useTheme } from './use-theme';

let controller: ThemeController | undefined;
afterEach(() => {
  controller?.dispose();
  controller = undefined;
  localStorage.clear();
  vi.useRealTimers();
});

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
    localStorage.setItem('activeTenant', 'kiehls');
    controller = createThemeController();
    const { result } = renderHook(() => useTheme(), {
      wrapper: ({ children }) => (
        <ThemeProvider controller={controller as ThemeController}>
          {children}
        </ThemeProvider>
      ),
    });
    expect(result.current.key).toBe('kiehls');
    expect(result.current.theme.colors.primary).toBe('#00FBA9');
    expect(result.current.variants.map((v) => v.variant)).toEqual([
      'default',
      'pentatonic',
      'pentatonic-dark',
    ]);
    act(() => result.current.setVariant('pentatonic'));
    expect(result.current.key).toBe('kiehls-pentatonic');
    expect(localStorage.getItem('themeVariant')).toBe('pentatonic');
  });
});

describe('ThemeProvider', () => {
  it('re-renders when another tab changes the theme, 100 ms after the storage event', () => {
    vi.useFakeTimers();
    controller = createThemeController();
    render(
      <ThemeProvider controller={controller}>
        <ThemeName />
      </ThemeProvider>,
    );
    expect(screen.getByText('pact · Pact · default')).toBeInTheDocument();
    localStorage.setItem('themeVariant', 'modern');
    act(() => {
      window.dispatchEvent(
        new StorageEvent('storage', { key: 'themeVariant' }),
      );
      vi.advanceTimersByTime(100);
    });
    expect(
      screen.getByText('pact-modern · Pact Modern · modern'),
    ).toBeInTheDocument();
  });
});
