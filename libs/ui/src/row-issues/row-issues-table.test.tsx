import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RowIssuesTable } from './row-issues-table';

describe('RowIssuesTable', () => {
  it('lists each problem under Row, Column, Value and Problem', () => {
    render(
      <RowIssuesTable
        aria-label="Rows not imported"
        wholeRowText="whole row"
        issues={[
          { row: 3, column: 'store_id', value: 'abc', message: 'Not a number' },
          { row: 4, column: 'name', value: '', message: 'Required' },
          { row: 5, column: '', value: 'x', message: 'Too many columns' },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Rows not imported' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Row', 'Column', 'Value', 'Problem']);
    const [, first, ...others] = within(table).getAllByRole('row');
    expect([first, ...others].map((r) => r?.textContent)).toEqual([
      '3store_idabcNot a number',
      '4name(empty)Required',
      '5whole rowxToo many columns',
    ]);
    expect(
      within(table).getByRole('rowheader', { name: '3' }),
    ).toBeInTheDocument();
  });
});
