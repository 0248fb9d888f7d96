import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createThemeController,
  type ThemeController,
} from '../../theme-controller';
import { ThemeProvider } from '../theme-provider';
import { ThemeSwitcher } from './theme-switcher';

let controller: ThemeController | undefined;
afterEach(() => {
  controller?.dispose();
  controller = undefined;
  localStorage.clear();
});

function renderSwitcher(
  stored: Record<string, string> = {},
  props: Parameters<typeof ThemeSwitcher>[0] = {},
) {
  for (const [k, v] of Object.entries(stored)) localStorage.setItem(k, v);
  controller = createThemeController();
  const reload = vi.fn();
  const themeChanged = vi.fn();
  window.addEventListener('themeChanged', themeChanged);
  render(
    <ThemeProvider controller={controller} reload={reload}>
      <ThemeSwitcher {...props} />
    </ThemeProvider>,
  );
  const select = screen.getByRole('combobox', { name: props.label ?? 'Theme' });
  return { reload, select, themeChanged };
}

describe('ThemeSwitcher', () => {
  it("lists the pact tenant's five variants by readable name, the current one selected", () => {
    const { select } = renderSwitcher({ themeVariant: 'modern' });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Pact',
      'Pact New',
      'Pact Modern',
      'Pact Pentatonic',
      'Pact Pentatonic Dark',
    ]);
    expect(select).toHaveValue('modern');
    expect(screen.getByRole('option', { name: 'Pact Modern' })).toHaveProperty(
      'selected',
      true,
    );
  });

  it("lists only kiehls' three variants on the kiehls tenant", () => {
    renderSwitcher({ activeTenant: 'kiehls' });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      "Kiehl's",
      "Kiehl's Pentatonic",
      "Kiehl's Pentatonic Dark",
    ]);
  });

  it('stores the choice, applies it, emits themeChanged and reloads the page', async () => {
    const { reload, select, themeChanged } = renderSwitcher();
    await userEvent.selectOptions(select, 'Pact Pentatonic Dark');
    expect(localStorage.getItem('themeVariant')).toBe('pentatonic-dark');
    expect(
      document.documentElement.style.getPropertyValue('--color-primary'),
    ).toBe('#00FBA9');
    expect(themeChanged).toHaveBeenCalledTimes(1);
    expect(reload).toHaveBeenCalledTimes(1);
    window.removeEventListener('themeChanged', themeChanged);
  });

  it('clears the stored variant when the default is chosen', async () => {
    const { reload, select } = renderSwitcher({ themeVariant: 'new' });
    await userEvent.selectOptions(select, 'Pact');
    expect(localStorage.getItem('themeVariant')).toBeNull();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('prefers its own onReload to the provider reload', async () => {
    const onReload = vi.fn();
    const { reload, select } = renderSwitcher({}, { onReload });
    await userEvent.selectOptions(select, 'Pact New');
    expect(onReload).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
  });

  it('is reached with Tab and is a native select, which every browser makes keyboard operable', async () => {
    // jsdom does not change a select on arrow keys; the e2e test presses them in Chromium.
    const { select } = renderSwitcher();
    await userEvent.tab();
    expect(document.activeElement).toBe(select);
    expect(select.tagName).toBe('SELECT');
  });

  it('keeps the accessible name when the label is hidden visually', () => {
    renderSwitcher({}, { hideLabel: true, label: 'Colour theme' });
    expect(
      screen.getByRole('combobox', { name: 'Colour theme' }),
    ).toBeInTheDocument();
  });
});
