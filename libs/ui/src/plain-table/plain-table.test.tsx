import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
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

  it('makes its frame a named region the keyboard reaches when given a scroll label', async () => {
    render(
      <>
        <PlainTable scrollLabel="Audit trail, scrolls sideways">
          <tbody>
            <tr>
              <td>One</td>
            </tr>
          </tbody>
        </PlainTable>
        <PlainTable>
          <tbody>
            <tr>
              <td>Two</td>
            </tr>
          </tbody>
        </PlainTable>
      </>,
    );
    const region = screen.getByRole('region', {
      name: 'Audit trail, scrolls sideways',
    });
    await userEvent.tab();
    expect(region).toHaveFocus();
    expect(screen.getAllByRole('region')).toHaveLength(1);
  });
});
