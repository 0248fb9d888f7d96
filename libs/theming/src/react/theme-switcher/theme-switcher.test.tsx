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
  const button = screen.getByRole('button', {
    name: new RegExp(`^${props.label ?? 'Theme'}: `),
  });
  const themeChanged = () =>
    platform.emitted.filter((e) => e.name === 'themeChanged').length;
  /** Opens the menu and chooses `name`. */
  const choose = async (name: string) => {
    await userEvent.click(button);
    await userEvent.click(
      screen.getByRole('menuitem', {
        name: new RegExp(`^${name}( \\(current\\))?$`),
      }),
    );
  };
  return { platform, button, themeChanged, choose };
}

describe('ThemeSwitcher', () => {
  it("lists the pact tenant's five variants by readable name, the current one marked", async () => {
    const { button } = renderSwitcher({ themeVariant: 'modern' });
    expect(button).toHaveAccessibleName('Theme: Pact Modern');
    await userEvent.click(button);
    expect(
      screen.getAllByRole('menuitem').map((item) => item.textContent),
    ).toEqual([
      'Pact',
      'Pact New',
      'Pact Modern (current)',
      'Pact Pentatonic',
      'Pact Pentatonic Dark',
    ]);
  });

  it("lists only kiehls' three variants on the kiehls tenant", async () => {
    const { button } = renderSwitcher({ activeTenant: 'kiehls' });
    await userEvent.click(button);
    expect(
      screen.getAllByRole('menuitem').map((item) => item.textContent),
    ).toEqual([
      "Kiehl's (current)",
      "Kiehl's Pentatonic",
      "Kiehl's Pentatonic Dark",
    ]);
  });

  it('stores the choice, applies it, emits themeChanged and reloads the page', async () => {
    const { platform, themeChanged, choose } = renderSwitcher();
    await choose('Pact Pentatonic Dark');
    expect(platform.stored.get('themeVariant')).toBe('pentatonic-dark');
    expect(platform.root.style.getPropertyValue('--color-primary')).toBe(
      '#00FBA9',
    );
    expect(themeChanged()).toBe(1);
    expect(platform.reloads).toBe(1);
  });

  it('clears the stored variant when the default is chosen', async () => {
    const { platform, choose } = renderSwitcher({ themeVariant: 'new' });
    await choose('Pact');
    expect(platform.stored.has('themeVariant')).toBe(false);
    expect(platform.reloads).toBe(1);
  });

  it('neither stores nor reloads when the current variant is chosen again', async () => {
    const { platform, choose } = renderSwitcher({ themeVariant: 'new' });
    await choose('Pact New');
    expect(platform.reloads).toBe(0);
  });

  it('changes nothing while the keyboard only moves through the list; Enter chooses', async () => {
    const { platform, button } = renderSwitcher();
    await userEvent.tab();
    expect(button).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(platform.reloads).toBe(0);
    expect(platform.stored.has('themeVariant')).toBe(false);
    await userEvent.keyboard('{Enter}');
    expect(platform.reloads).toBe(1);
    expect(platform.stored.get('themeVariant')).toBe('modern');
  });

  it('shows only the variant when the label is hidden, keeping the label in the accessible name', () => {
    const { button } = renderSwitcher(
      {},
      { hideLabel: true, label: 'Colour theme' },
    );
    expect(button).toHaveTextContent(/^Pact/);
    expect(button).toHaveAccessibleName('Colour theme: Pact');
  });
});
