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

  it('offers the page sizes, also on a single page, and reports the one chosen', async () => {
    const onPageSize = vi.fn();
    render(
      <Pagination
        page={1}
        pageCount={1}
        onPage={vi.fn()}
        label="Pages"
        pageSize={50}
        pageSizes={[20, 50, 100]}
        onPageSize={onPageSize}
      />,
    );
    const size = screen.getByRole('combobox', { name: 'Rows per page' });
    expect(size).toHaveValue('50');
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    await userEvent.selectOptions(size, '20');
    expect(onPageSize).toHaveBeenCalledWith(20);
  });
});
