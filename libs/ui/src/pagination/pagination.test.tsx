import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pagination } from './pagination';

describe('Pagination', () => {
  it('moves a page at a time, disabling what leads nowhere', async () => {
    const onPage = vi.fn();
    render(<Pagination page={1} pageCount={3} onPage={onPage} label="Pages" />);
    expect(screen.getByRole('navigation', { name: 'Pages' })).toHaveTextContent(
      'Page 1 of 3',
    );
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPage).toHaveBeenCalledWith(2);
  });

  it('is absent when everything fits on one page', () => {
    render(
      <Pagination page={1} pageCount={1} onPage={vi.fn()} label="Pages" />,
    );
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
