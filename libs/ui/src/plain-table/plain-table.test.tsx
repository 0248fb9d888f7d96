import { render, screen } from '@testing-library/react';
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
});
