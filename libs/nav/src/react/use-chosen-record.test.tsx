import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  createMemoryRouter,
  Link,
  RouterProvider,
  useLocation,
} from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { FROM_LIST, useChosenRecord } from './use-chosen-record';

function Screen() {
  const { id, back } = useChosenRecord('member');
  const { pathname, search } = useLocation();
  return (
    <>
      <output aria-label="where">{`${pathname}${search}`}</output>
      {id === null ? (
        <Link to="?status=active&member=7" state={FROM_LIST}>
          Member 7
        </Link>
      ) : (
        <button type="button" onClick={back}>
          Back from {id}
        </button>
      )}
    </>
  );
}

function start(entries: string[]) {
  const router = createMemoryRouter(
    [{ path: '/members', element: <Screen /> }],
    {
      initialEntries: entries,
    },
  );
  render(<RouterProvider router={router} />);
}

describe('useChosenRecord', () => {
  it.each(['0', '-3', 'abc', '12345678901', '7.5', ''])(
    'reads ?member=%s as no record (the list)',
    (value) => {
      start([`/members?member=${value}`]);
      expect(
        screen.getByRole('link', { name: 'Member 7' }),
      ).toBeInTheDocument();
    },
  );

  it('goes back with the browser when the list opened the record, to the same list', async () => {
    start(['/members?status=active']);
    await userEvent.click(screen.getByRole('link', { name: 'Member 7' }));
    await userEvent.click(screen.getByRole('button', { name: 'Back from 7' }));
    expect(screen.getByRole('status', { name: 'where' })).toHaveTextContent(
      '/members?status=active',
    );
  });

  it('drops only its key when the record was opened directly, keeping the filters', async () => {
    start(['/members?status=active&member=7']);
    await userEvent.click(screen.getByRole('button', { name: 'Back from 7' }));
    expect(screen.getByRole('status', { name: 'where' })).toHaveTextContent(
      /^\/members\?status=active$/,
    );
  });
});
