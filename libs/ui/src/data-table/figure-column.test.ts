import { describe, expect, it } from 'vitest';
import { figureColumn } from './figure-column';

describe('figureColumn', () => {
  it('is a sortable column aligned at the end that sorts the largest first', () => {
    const cell = (row: { kg: number }) => `${row.kg} kg`;
    expect(figureColumn('kg', 'Weight', cell)).toEqual({
      id: 'kg',
      header: 'Weight',
      align: 'end',
      sortable: true,
      sortDescFirst: true,
      cell,
    });
  });
});
