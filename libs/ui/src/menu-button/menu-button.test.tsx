import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MenuButton, type MenuItem } from './menu-button';

function setup() {
  const chosen = vi.fn();
  const items: MenuItem[] = ['Performance', 'API Keys', 'Logout'].map(
    (label) => ({
      id: label,
      label,
      onSelect: () => chosen(label),
    }),
  );
  render(
    <>
      <MenuButton
        label="Account"
        items={items}
        header={<span>me@pact.test</span>}
      />
      <button type="button">Elsewhere</button>
    </>,
  );
  const trigger = screen.getByRole('button', { name: 'Account' });
  return { chosen, trigger };
}

/** An item that does nothing when chosen, with `more` of its settings. */
function item(
  id: string,
  label: string,
  more: Partial<MenuItem> = {},
): MenuItem {
  return { id, label, onSelect: () => undefined, ...more };
}

/** Renders a menu button of `items` named `label` and opens it with a click; gives its trigger. */
async function openMenu(label: string, items: MenuItem[]) {
  render(<MenuButton label={label} items={items} />);
  const trigger = screen.getByRole('button', { name: label });
  await userEvent.click(trigger);
  return trigger;
}

describe('MenuButton', () => {
  it('is closed at first and says it has a menu', () => {
    const { trigger } = setup();
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('opens on click with the header and the items, focusing the first item', async () => {
    const { trigger } = setup();
    await userEvent.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menu', { name: 'Account' })).toBeInTheDocument();
    expect(screen.getByText('me@pact.test')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Performance' })).toHaveFocus();
  });

  it.each([['{Enter}'], [' '], ['{ArrowDown}']])(
    'opens from the keyboard with %s',
    async (key) => {
      const { trigger } = setup();
      trigger.focus();
      await userEvent.keyboard(key);
      expect(
        screen.getByRole('menuitem', { name: 'Performance' }),
      ).toHaveFocus();
    },
  );

  it('opens on ArrowUp at the last item and moves with arrows, Home and End, wrapping', async () => {
    const { trigger } = setup();
    trigger.focus();
    await userEvent.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Performance' })).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(screen.getByRole('menuitem', { name: 'Performance' })).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toHaveFocus();
  });

  it('closes on Escape and gives focus back to the trigger', async () => {
    const { trigger } = setup();
    await userEvent.click(trigger);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('closes on an outside click', async () => {
    const { trigger } = setup();
    await userEvent.click(trigger);
    await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('runs the chosen item and closes, by click or by Enter', async () => {
    const { trigger, chosen } = setup();
    await userEvent.click(trigger);
    await userEvent.click(screen.getByRole('menuitem', { name: 'API Keys' }));
    expect(chosen).toHaveBeenLastCalledWith('API Keys');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    trigger.focus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{Enter}');
    expect(chosen).toHaveBeenLastCalledWith('Logout');
  });

  it('closes when focus leaves with Tab', async () => {
    const { trigger } = setup();
    await userEvent.click(trigger);
    await userEvent.tab();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('names an item by its label, with the icon hidden and the current choice said', async () => {
    await openMenu('Tenant', [
      item('a', 'Pact', { icon: <img src="/a.svg" alt="" />, current: true }),
      item('b', "Kiehl's"),
    ]);
    expect(
      screen.getByRole('menuitem', { name: 'Pact (current)' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('menuitem', { name: "Kiehl's" }),
    ).toBeInTheDocument();
  });

  it('makes link items that mark the current page and leave modified clicks to the browser', async () => {
    const onSelect = vi.fn();
    render(
      <MenuButton
        label="Analytics"
        active
        items={[
          {
            id: 'a',
            label: 'Store Analytics',
            href: '/stores-analytics',
            isCurrentPage: true,
            onSelect,
          },
          {
            id: 'b',
            label: 'Regional Summary',
            href: '/regional-summary',
            onSelect,
          },
        ]}
      />,
    );
    const trigger = screen.getByRole('button', { name: 'Analytics' });
    expect(trigger).toHaveAttribute('aria-current', 'true');
    await userEvent.click(trigger);
    const current = screen.getByRole('menuitem', { name: 'Store Analytics' });
    expect(current).toHaveAttribute('href', '/stores-analytics');
    expect(current).toHaveAttribute('aria-current', 'page');
    expect(
      screen.getByRole('menuitem', { name: 'Regional Summary' }),
    ).not.toHaveAttribute('aria-current');

    fireEvent.click(
      screen.getByRole('menuitem', { name: 'Regional Summary' }),
      {
        ctrlKey: true,
      },
    );
    expect(onSelect).not.toHaveBeenCalled();

    await userEvent.click(
      screen.getByRole('menuitem', { name: 'Regional Summary' }),
    );
    expect(onSelect).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(document.activeElement).toBe(trigger);
  });

  it('groups items under named groups, with the arrows still going through all of them', async () => {
    await openMenu('Views', [
      item('a', 'Mine', { group: 'Private' }),
      item('b', 'Team', { group: 'Shared' }),
      item('c', 'Save view…'),
    ]);
    const privateGroup = screen.getByRole('group', { name: 'Private' });
    expect(
      within(privateGroup).getByRole('menuitem', { name: 'Mine' }),
    ).toHaveFocus();
    expect(
      within(screen.getByRole('group', { name: 'Shared' })).getAllByRole(
        'menuitem',
      ),
    ).toHaveLength(1);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Save view…' })).toHaveFocus();
  });
});
