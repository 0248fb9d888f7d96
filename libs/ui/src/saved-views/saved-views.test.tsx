import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  SavedViews,
  type SavedView,
  type SavedViewsProps,
} from './saved-views';

const views: SavedView[] = [
  {
    id: '1',
    name: 'West stores',
    visibility: 'private',
    mine: true,
    state: 'region=west',
  },
  {
    id: '2',
    name: 'Heavy first',
    visibility: 'member',
    mine: true,
    state: 'sort=-weight',
  },
  {
    id: '3',
    name: 'All of Kiehl’s',
    visibility: 'collective',
    mine: false,
    state: 'member=2',
  },
];

function Views(props: Partial<SavedViewsProps>) {
  return (
    <SavedViews
      views={views}
      currentState="region=west"
      allowedVisibilities={['private', 'member']}
      onApply={vi.fn()}
      onSave={vi.fn()}
      onUpdate={vi.fn()}
      onDelete={vi.fn()}
      {...props}
    />
  );
}

async function openMenu() {
  await userEvent.click(screen.getByRole('button', { name: /^Saved views/ }));
  return screen.getByRole('menu');
}

describe('SavedViews', () => {
  it('lists the views by who may use them, marks the current one, and applies one', async () => {
    const onApply = vi.fn();
    render(<Views onApply={onApply} />);
    expect(
      screen.getByRole('button', { name: 'Saved views, current: West stores' }),
    ).toBeInTheDocument();
    const menu = await openMenu();
    expect(
      within(menu).getByRole('group', { name: 'My private views' }),
    ).toHaveTextContent('West stores (current)');
    expect(
      within(menu).getByRole('group', { name: 'Shared with my member brand' }),
    ).toHaveTextContent('Heavy first');
    expect(
      within(menu).getByRole('group', { name: 'Shared with the collective' }),
    ).toHaveTextContent('All of Kiehl’s');

    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(onApply).toHaveBeenCalledWith(views[1]);
    expect(screen.getByRole('status')).toHaveTextContent(
      'View “Heavy first” applied.',
    );
  });

  it('saves the current list under a checked name, then closes and returns focus', async () => {
    const onSave = vi.fn(() => Promise.resolve());
    render(<Views onSave={onSave} />);
    await openMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Save view…' }));
    const dialog = screen.getByRole('dialog', { name: 'Save view' });
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['private', 'member']);
    expect(
      within(dialog).getByRole('radio', { name: 'Only me' }),
    ).toBeChecked();

    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Save view' }),
    );
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAccessibleDescription('Enter a name for the view.');

    await userEvent.type(name, 'West stores');
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Save view' }),
    );
    await waitFor(() =>
      expect(name).toHaveAccessibleDescription(
        /already have a view with this name/,
      ),
    );

    await userEvent.clear(name);
    await userEvent.type(name, '  Big bins ');
    await userEvent.click(
      within(dialog).getByRole('radio', {
        name: 'Everyone in my member brand',
      }),
    );
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Save view' }),
    );

    expect(onSave).toHaveBeenCalledWith({
      name: 'Big bins',
      visibility: 'member',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: /^Saved views/ })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent(
      'View “Big bins” saved.',
    );
  });

  it('keeps the dialog and the name when the server refuses, with its reason', async () => {
    render(
      <Views
        onSave={() =>
          Promise.reject(new Error('Views are limited to 50 per person.'))
        }
      />,
    );
    await openMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Save view…' }));
    const dialog = screen.getByRole('dialog', { name: 'Save view' });
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Name' }),
      'Another',
    );
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Save view' }),
    );
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Views are limited to 50 per person.',
    );
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue(
      'Another',
    );
  });

  it('closes a dialog on Escape and gives focus back to the menu button', async () => {
    render(<Views />);
    await openMenu();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Save view…' }));
    expect(
      screen.getByRole('dialog', { name: 'Save view' }),
    ).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: /^Saved views/ })).toHaveFocus();
  });

  it('offers no saving to a user who may save nothing, and no managing without views of their own', async () => {
    render(<Views views={[views[2] as SavedView]} allowedVisibilities={[]} />);
    const menu = await openMenu();
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['All of Kiehl’s']);
  });

  it('updates one of my views with the current list, except the one already showing it', async () => {
    const onUpdate = vi.fn(() => Promise.resolve());
    render(<Views onUpdate={onUpdate} />);
    await openMenu();
    await userEvent.click(
      screen.getByRole('menuitem', { name: 'Manage my views…' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Manage my views' });
    expect(within(dialog).queryByText('All of Kiehl’s')).toBeNull();

    const upToDate = within(dialog).getByRole('button', {
      name: 'Update “West stores” with the current list',
    });
    expect(upToDate).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(upToDate);
    expect(onUpdate).not.toHaveBeenCalled();

    await userEvent.click(
      within(dialog).getByRole('button', {
        name: 'Update “Heavy first” with the current list',
      }),
    );
    expect(onUpdate).toHaveBeenCalledWith(views[1]);
    expect(
      await screen.findByText('View “Heavy first” now shows the current list.'),
    ).toBeInTheDocument();
  });

  it('asks before deleting; Escape or Keep it backs out to the Delete button, in the dialog', async () => {
    const onDelete = vi.fn(() => Promise.resolve());
    render(<Views onDelete={onDelete} />);
    await openMenu();
    await userEvent.click(
      screen.getByRole('menuitem', { name: 'Manage my views…' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Manage my views' });
    const remove = within(dialog).getByRole('button', {
      name: 'Delete “Heavy first”',
    });

    await userEvent.click(remove);
    const question = within(dialog).getByRole('group', {
      name: 'Delete “Heavy first”? Everyone it is shared with loses it too.',
    });
    expect(
      within(question).getByRole('button', { name: 'Keep it' }),
    ).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(
      screen.getByRole('dialog', { name: 'Manage my views' }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(dialog).getByRole('button', { name: 'Delete “Heavy first”' }),
      ).toHaveFocus(),
    );
    expect(onDelete).not.toHaveBeenCalled();

    await userEvent.keyboard('{Enter}');
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Delete view' }),
    );
    expect(onDelete).toHaveBeenCalledWith(views[1]);
    expect(
      await screen.findByText('View “Heavy first” deleted.'),
    ).toBeInTheDocument();
  });

  it('shows what went wrong with the views', () => {
    function Failing() {
      const [error] = useState('The saved views could not be loaded.');
      return <Views error={error} />;
    }
    render(<Failing />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The saved views could not be loaded.',
    );
  });
});
