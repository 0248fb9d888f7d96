import { render, screen } from '@testing-library/react';
import { createRef } from 'react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ColumnHeadings } from './column-headings';
import { PlainTable } from './plain-table';

describe('PlainTable', () => {
  it('is a table named by its caption, with the head and body the caller wrote', () => {
    render(
      <PlainTable>
        <caption>Your API keys</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">CI export</th>
          </tr>
        </tbody>
      </PlainTable>,
    );
    const table = screen.getByRole('table', { name: 'Your API keys' });
    expect(
      screen.getByRole('columnheader', { name: 'Name' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'CI export' })).toBeVisible();
    expect(table.parentElement?.tagName).toBe('DIV');
  });

  it('hands the ref, ARIA attributes and an added class to the table itself', () => {
    const ref = createRef<HTMLTableElement>();
    render(
      <PlainTable
        ref={ref}
        tabIndex={-1}
        aria-busy={true}
        aria-label="Stores"
        className="extra"
      >
        <tbody>
          <tr>
            <td>1</td>
          </tr>
        </tbody>
      </PlainTable>,
    );
    const table = screen.getByRole('table', { name: 'Stores' });
    expect(ref.current).toBe(table);
    expect(table).toHaveAttribute('aria-busy', 'true');
    expect(table).toHaveAttribute('tabindex', '-1');
    expect(table).toHaveClass('extra');
  });

  it('is a region the keyboard reaches, named by its caption, only while it scrolls sideways', async () => {
    const widths = vi
      .spyOn(HTMLElement.prototype, 'scrollWidth', 'get')
      .mockReturnValue(600);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(350);
    const wide = () => (
      <PlainTable>
        <caption>By month</caption>
        <tbody>
          <tr>
            <td>Nov 2026</td>
          </tr>
        </tbody>
      </PlainTable>
    );
    const { unmount } = render(wide());
    await userEvent.tab();
    expect(document.activeElement).toBe(
      screen.getByRole('region', { name: 'By month' }),
    );
    unmount();
    widths.mockReturnValue(350);
    render(wide());
    expect(screen.queryByRole('region')).toBeNull();
    vi.restoreAllMocks();
  });

  it('names its scrolling region with scrollLabel when the table has no caption', () => {
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(600);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(350);
    render(
      <PlainTable
        aria-label="Audit trail"
        scrollLabel="Audit trail table, scrolls sideways"
      >
        <tbody>
          <tr>
            <td>Edited</td>
          </tr>
        </tbody>
      </PlainTable>,
    );
    expect(
      screen.getByRole('region', {
        name: 'Audit trail table, scrolls sideways',
      }),
    ).toHaveAttribute('tabindex', '0');
    vi.restoreAllMocks();
  });
});

describe('ColumnHeadings', () => {
  it('heads each column with its name, in order', () => {
    render(
      <PlainTable aria-label="Keys">
        <ColumnHeadings names={['Name', 'Created', 'Last used']} />
      </PlainTable>,
    );
    expect(
      screen.getAllByRole('columnheader').map((th) => th.textContent),
    ).toEqual(['Name', 'Created', 'Last used']);
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute(
      'scope',
      'col',
    );
  });
});
