import { createTestPlatform } from '@collective/platform/testing';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
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
});

function renderSwitcher(
  stored: Record<string, string> = {},
  props: Parameters<typeof ThemeSwitcher>[0] = {},
) {
  const platform = createTestPlatform({ storage: stored });
  controller = createThemeController({ platform });
  render(
    <ThemeProvider controller={controller}>
      <ThemeSwitcher {...props} />
    </ThemeProvider>,
  );
  const select = screen.getByRole('combobox', { name: props.label ?? 'Theme' });
  const themeChanged = () =>
    platform.emitted.filter((e) => e.name === 'themeChanged').length;
  return { platform, select, themeChanged };
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
    const { platform, select, themeChanged } = renderSwitcher();
    await userEvent.selectOptions(select, 'Pact Pentatonic Dark');
    expect(platform.stored.get('themeVariant')).toBe('pentatonic-dark');
    expect(platform.root.style.getPropertyValue('--color-primary')).toBe(
      '#00FBA9',
    );
    expect(themeChanged()).toBe(1);
    expect(platform.reloads).toBe(1);
  });

  it('clears the stored variant when the default is chosen', async () => {
    const { platform, select } = renderSwitcher({ themeVariant: 'new' });
    await userEvent.selectOptions(select, 'Pact');
    expect(platform.stored.has('themeVariant')).toBe(false);
    expect(platform.reloads).toBe(1);
  });

  it('neither stores nor reloads when the current variant is chosen again', async () => {
    const { platform, select } = renderSwitcher({ themeVariant: 'new' });
    await userEvent.selectOptions(select, 'Pact New');
    expect(platform.reloads).toBe(0);
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
